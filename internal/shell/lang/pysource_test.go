package lang

import (
	"strings"
	"testing"
)

func TestPySource(t *testing.T) {
	u7 := "# coding: utf-7\nimport os\nopen(os.path.expanduser(+ACIAfgAvAC4-bashrc+ACI-), +ACI-a+ACI-).write(+ACI-+ACM- u7+AFw-n+ACI-)\n"
	for _, tc := range []struct {
		text, want, codec string
		ok                bool
	}{
		{"import os\n", "import os\n", "", true},
		{u7, "# coding: utf-7\nimport os\nopen(os.path.expanduser(\"~/.bashrc\"), \"a\").write(\"# u7\\n\")\n", "utf-7", true},
		{"# coding: utf-7\n+AGk-mport zz.zm\n", "# coding: utf-7\nimport zz.zm\n", "utf-7", true},
		{"#!/usr/bin/env python3\n# -*- coding: UTF_7 -*-\n+AGk-mport x\n", "#!/usr/bin/env python3\n# -*- coding: UTF_7 -*-\nimport x\n", "UTF_7", true},
		{"# a+-b\n# coding=utf7\n1+-2\n", "# a+b\n# coding=utf7\n1+2\n", "utf7", true},
		{"# -*- coding: latin-1 -*-\nx = 1\n", "# -*- coding: latin-1 -*-\nx = 1\n", "latin-1", true},
		{"# vim: set fileencoding=cp1252 :\nx\n", "# vim: set fileencoding=cp1252 :\nx\n", "cp1252", true},
		{"# coding: utf-8\nx\n", "# coding: utf-8\nx\n", "utf-8", true},
		{"import os\n# coding: utf-7\n", "import os\n# coding: utf-7\n", "", true},               // not in the first comment lines
		{"\n\n# coding: utf-7\n+AGk-mport x\n", "\n\n# coding: utf-7\n+AGk-mport x\n", "", true}, // the third line
		{"# coding: utf-16\nx\n", "", "utf-16", false},
		{"# coding: cp037\nx\n", "", "cp037", false},
		{"# coding: cp424\nx\n", "", "cp424", false},
		{"# coding: iso2022_jp\nx\n", "", "iso2022_jp", false},
		{"# coding: unicode_escape\nx\n", "", "unicode_escape", false},
		{"# coding: utf-7\n+\xff\n", "", "utf-7", false},
		// a trail byte can be a backslash or a quote.
		{"# -*- coding: shift_jis -*-\nx = \"\x81\\\" ; p = \"~/.ba\" \"shrc\" #\"\n", "# -*- coding: shift_jis -*-\nx = \"\u4e00\" ; p = \"~/.ba\" \"shrc\" #\"\n", "shift_jis", true},
		{"# coding: cp932\nx = f'\x81{'\n", "# coding: cp932\nx = f'\u4e00'\n", "cp932", true},
		{"# coding: gbk\nx = \"\x81\\\"\n", "# coding: gbk\nx = \"\u4e00\"\n", "gbk", true},
		{"# coding: gb18030\nx = \"\x81\x30\x81\x30\\\"\n", "# coding: gb18030\nx = \"\u4e00\\\"\n", "gb18030", true},
		{"# coding: big5\nx = \"\xa4\\\"\n", "# coding: big5\nx = \"\u4e00\"\n", "big5", true},
		{"# coding: cp949\nx = \"\x81r\"\n", "# coding: cp949\nx = \"\u4e00\"\n", "cp949", true},
		{"# coding: johab\nx = \"\x84\\\"\n", "# coding: johab\nx = \"\u4e00\"\n", "johab", true},
		{"# coding: shift_jis\nx = \"\xb1\"\n", "# coding: shift_jis\nx = \"\u4e00\"\n", "shift_jis", true}, // a one-byte kana
		{"# coding: shift_jis_2004\nx = \"a\\\" ~\n", "# coding: shift_jis_2004\nx = \"a\u4e00\" \u4e00\n", "shift_jis_2004", true},
		{"# coding: sjis\nx = 1\n", "# coding: sjis\nx = 1\n", "sjis", true},
		{"# coding: shift_jis\nx = \"\x81\n", "", "shift_jis", false}, // a lead byte without a trail
		{"# coding: euc-jp\nx = \"\xa4\xa2\"\n", "# coding: euc-jp\nx = \"\xa4\xa2\"\n", "euc-jp", true},
		{"# coding: cp864\nx\n", "", "cp864", false},
	} {
		got, codec, ok := PySource(tc.text)
		if ok != tc.ok || codec != tc.codec || ok && got != tc.want {
			t.Errorf("PySource(%q) = %q, %q, %v, want %q, %q, %v", tc.text, got, codec, ok, tc.want, tc.codec, tc.ok)
		}
	}
}

func FuzzPySource(f *testing.F) {
	for _, s := range []string{"# coding: utf-7\n+AGk-mport x", "# coding: utf-7\n+-+", "# coding=latin-1\n", "#coding:x\n", "# coding: utf-7\n+ACIAfgAvAC4-bashrc+ACI-", "+AAA"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got, _, ok := PySource(text)
		if !ok {
			return
		}
		// UTF-7 never lengthens the text; other codecs leave it as it is.
		if len(got) > len(text)*2 {
			t.Fatalf("PySource(%q) grew to %d bytes", text, len(got))
		}
		if codingOf(text) == "" && got != text {
			t.Fatalf("PySource(%q) changed text without a declaration", text)
		}
		if _, dbcs := dbcsOf(normalCodec(codingOf(text))); !dbcs && !strings.Contains(text, "+") && got != text {
			t.Fatalf("PySource(%q) changed text without a UTF-7 run: %q", text, got)
		}
	})
}
