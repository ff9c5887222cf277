package lang

import (
	"strings"
	"testing"
)

func TestReadDockerfile(t *testing.T) {
	for _, tc := range []struct {
		text string
		want []string // Cmd|Args of each instruction, heredoc bodies after ">"
		err  bool
	}{
		{"FROM alpine\nRUN cat /s/.env\n", []string{"FROM|alpine", "RUN|cat /s/.env"}, false},
		{"# syntax=docker/dockerfile:1.7\nfrom alpine\n", []string{"FROM|alpine"}, false},
		{"# syntax = docker.io/docker/dockerfile@sha256:ab\nFROM a\n", []string{"FROM|a"}, false},
		{"# syntax=example.com/x:1\nFROM a\n", nil, true},
		{"FROM a\n# syntax=example.com/x\n", []string{"FROM|a"}, false}, // a comment there
		{"RUN a \\\n# c\n\n  && b\n", []string{"RUN|a   && b"}, false},
		{"# escape=`\nRUN a `\n b\n", []string{"RUN|a  b"}, false},
		{"RUN --mount=type=secret,id=k cat x\n", []string{"RUN|cat x"}, false},
		{"RUN [\"sh\",\"-c\",\"cat .env\"]\n", []string{"RUN|[\"sh\",\"-c\",\"cat .env\"]"}, false},
		{"RUN <<EOF\ncat .env\nEOF\nRUN ls\n", []string{"RUN|<<EOF>cat .env\n", "RUN|ls"}, false},
		{"RUN <<-EOF\n\tcat .env\n\tEOF\n", []string{"RUN|<<-EOF>cat .env\n"}, false},
		{"RUN echo \"<<EOF\"\nRUN cat .env\n", []string{"RUN|echo \"<<EOF\"", "RUN|cat .env"}, false},
		{"RUN cat <<EOF\nx\n", nil, true},
		{"FROBNICATE x\n", nil, true},
		// FINDINGS46b B7: directives as BuildKit reads them.
		{"#!/usr/bin/env docker\n# syntax=evil/frontend:1\nFROM a\n", nil, true},
		{"\xef\xbb\xbf# syntax=evil/frontend\nFROM a\n", nil, true},
		{"{\"syntax\": \"evil/x\"}\n", nil, true},
		{"# foo=bar\n# escape=`\nRUN a `\nRUN b\n", []string{"RUN|a `", "RUN|b"}, false},
		{" # escape=`\nRUN a\n", nil, true},
		{"# escape=`\n# escape=`\nRUN a\n", nil, true},
		{"# check=skip=all\n# escape=`\nRUN a `\n b\n", []string{"RUN|a  b"}, false},
		{"RUN a \\\\\nRUN b\n", []string{"RUN|a \\\\", "RUN|b"}, false},
		{"RUN --mount=\"type=bind,target=/m x\" cat\n", []string{"RUN|cat"}, false},
		// B8: here-document names lexed as BuildKit's shell lexer.
		{"COPY <<\"#\"X /x\nh\n#X\nRUN b\n#\"X\n", []string{"COPY|<<\"#\"X /x>h\n", "RUN|b"}, false},
		{"RUN cat << EOF\nx\nEOF\n", []string{"RUN|cat << EOF>x\n"}, false},
		{"RUN cat<<EOF\nx\nEOF\n", nil, true},
		{"RUN cat <<EOF>/x\nx\nEOF\n", nil, true},
		{"ONBUILD RUN <<EOF\nFROBNICATE\nEOF\n", []string{"ONBUILD|RUN <<EOF>FROBNICATE\n"}, false},
	} {
		ins, err := ReadDockerfile(tc.text)
		if (err != nil) != tc.err {
			t.Errorf("%q: err = %v", tc.text, err)
			continue
		}
		var got []string
		for _, in := range ins {
			s := in.Cmd + "|" + in.Args
			for _, h := range in.Heredocs {
				s += ">" + h.Body
			}
			got = append(got, s)
		}
		if strings.Join(got, "\n~\n") != strings.Join(tc.want, "\n~\n") {
			t.Errorf("%q: got %q, want %q", tc.text, got, tc.want)
		}
	}
	if ins, _ := ReadDockerfile("RUN [\"cat\", \"/s/.env\"]\n"); len(ins) != 1 || !ins[0].IsExec || len(ins[0].Exec) != 2 {
		t.Errorf("exec form: %+v", ins)
	}
	if ins, _ := ReadDockerfile("RUN [not json\n"); len(ins) != 1 || ins[0].IsExec {
		t.Errorf("not JSON: shell form, as Docker falls back: %+v", ins)
	}
}

// FuzzReadDockerfile: any text is read without a panic, each instruction
// is one Docker knows, and no here-document body holds its end line.
func FuzzReadDockerfile(f *testing.F) {
	for _, s := range []string{"FROM a\nRUN b \\\n c\n", "# escape=`\nRUN a `\nb", "RUN <<A <<-B\nx\nA\n\ty\n\tB\n", "RUN [\"a\"]", "# syntax=docker/dockerfile:1\nCOPY <<EOF /x\nEOF\n", "RUN cat << 'E F'\nx\nE F\n", "COPY <<\"#\"X /x\n#X\n"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		ins, err := ReadDockerfile(s)
		if err != nil {
			return
		}
		for _, in := range ins {
			if !strings.Contains(dockerInstrs, " "+in.Cmd+" ") {
				t.Fatalf("unknown instruction %q read", in.Cmd)
			}
			for _, h := range in.Heredocs {
				for _, l := range strings.Split(h.Body, "\n") {
					if l == h.Name {
						t.Fatalf("here-document %q holds its end line", h.Name)
					}
				}
			}
		}
	})
}
