package lang

import (
	"reflect"
	"testing"
)

func TestEnvWrites(t *testing.T) {
	for _, tc := range []struct {
		f    Family
		code string
		want []EnvWrite
	}{
		{Python, `import os;os.environ['BASH_ENV']='./evil.sh';os.system('bash -c true')`, []EnvWrite{{"BASH_ENV", "./evil.sh", true, true}}},
		{Python, `os.environ['VNE_HSAB'[::-1]]='./evil.sh'`, []EnvWrite{{"", "./evil.sh", false, true}}},
		{Python, `subprocess.run(['bash','-c','true'],env={'VNE_HSAB'[::-1]:'./evil.sh'})`, []EnvWrite{{}}},
		{Python, `subprocess.run(["make"], env={**os.environ, "CC": "clang"})`, []EnvWrite{{"CC", "clang", true, true}}},
		{Python, `subprocess.run(["make"], env=e)`, []EnvWrite{{}}},
		{Python, `subprocess.run(["make"], env=os.environ)`, nil},
		{Python, `os.putenv("LD_PRELOAD", p)`, []EnvWrite{{"LD_PRELOAD", "", true, false}}},
		{Python, `if os.environ["CI"] == "1": pass`, nil},
		{Perl, `$ENV{BASH_ENV}="./evil.sh"; system("bash","-c","true")`, []EnvWrite{{"BASH_ENV", "./evil.sh", true, true}}},
		{Perl, `$ENV{reverse "VNE_HSAB"}="./evil.sh"`, []EnvWrite{{"", "./evil.sh", false, true}}},
		{PHP, `putenv("BASH_ENV=./evil.sh"); system("bash -c true");`, []EnvWrite{{"BASH_ENV", "./evil.sh", true, true}}},
		{Node, `process.env.BASH_ENV = "./evil.sh"`, []EnvWrite{{"BASH_ENV", "./evil.sh", true, true}}},
		{Node, `spawn("make", [], {env: {...process.env, CC: "clang"}})`, []EnvWrite{{"CC", "clang", true, true}}},
		{Ruby, `ENV["BASH_ENV"] = "./evil.sh"`, []EnvWrite{{"BASH_ENV", "./evil.sh", true, true}}},
	} {
		if got := EnvWrites(tc.f, tc.code); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("EnvWrites(%v, %q) = %+v, want %+v", tc.f, tc.code, got, tc.want)
		}
	}
}

func FuzzEnvWrites(f *testing.F) {
	f.Add(`os.environ[`)
	f.Add(`env={"a":`)
	f.Add(`putenv("`)
	f.Fuzz(func(t *testing.T, code string) {
		EnvWrites(Python, code) // must not panic
	})
}
