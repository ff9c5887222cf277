package agent

import "testing"

// TestEncodedCommandKey: a key names an encoded command when it names an
// encoding and a command, script or code, in any spelling.
func TestEncodedCommandKey(t *testing.T) {
	for k, want := range map[string]bool{
		"encodedCommand": true, "EncodedCommand": true, "command_base64": true, "commandB64": true,
		"SCRIPT-BASE64": true, "encoded_code": true, "b64cmd": true, "encodedScript": true,
		"encoded": false, "encoding": false, "content_base64": false, "isEncoded": false,
		"decoded_output": false, "command": false, "base64_data": false, "command_encoding": false,
	} {
		if got := encodedCommandKey(normKey(k)); got != want {
			t.Errorf("encodedCommandKey(%q) = %v, want %v", k, got, want)
		}
	}
}
