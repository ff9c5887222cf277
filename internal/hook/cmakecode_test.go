package hook

import "testing"

// TestCMakeScripts: cmake runs CMakeLists.txt and cmake -P FILE as
// scripts: $ENV{HOME} is the home, a path or command built at
// run time (string(CONCAT …), a function's parameter) is one guard cannot
// work out, execute_process's command is analysed; an everyday project
// (configure_file, file(WRITE) into the build tree, git describe) passes.
func TestCMakeScripts(t *testing.T) {
	const head = "cmake_minimum_required(VERSION 3.10)\nproject(x)\n"
	_, proj := scriptWorld(t, map[string]string{
		"lit/CMakeLists.txt":  head + "file(APPEND $ENV{HOME}/.bashrc \"PWNED\")\n",
		"cat/CMakeLists.txt":  head + "string(CONCAT F \"$ENV{HOME}\" \"/.ba\" \"shrc\")\nfile(APPEND ${F} \"echo PWNED\\n\")\n",
		"rd/CMakeLists.txt":   head,
		"rd/r.cmake":          "string(CONCAT F \"$ENV{HOME}\" \"/.ss\" \"h/id_rsa\")\nfile(READ ${F} K)\nmessage(\"${K}\")\n",
		"set/CMakeLists.txt":  head + "set(D $ENV{HOME})\nset(F ${D}/.bashrc)\nconfigure_file(x.in ${F})\n",
		"exe/CMakeLists.txt":  head + "execute_process(COMMAND sh -c \"cp x $HOME/.bashrc\")\n",
		"exev/CMakeLists.txt": head + "string(TOLOWER SH S)\nexecute_process(COMMAND ${S} x.sh)\n",
		"fn/CMakeLists.txt":   head + "function(w out)\nfile(WRITE ${out} x)\nendfunction()\nw($ENV{HOME}/.bashrc)\n",
		"run/CMakeLists.txt":  head + "exec_program(./x.sh)\n",
		"ok/CMakeLists.txt": head + "include(GNUInstallDirs)\nset(GEN ${CMAKE_BINARY_DIR}/gen)\n" +
			"execute_process(COMMAND git describe --tags WORKING_DIRECTORY ${CMAKE_SOURCE_DIR} OUTPUT_VARIABLE V)\n" +
			"configure_file(${CMAKE_CURRENT_SOURCE_DIR}/config.h.in ${GEN}/config.h @ONLY)\n" +
			"file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/v.txt \"${V}\")\nfile(GLOB S src/*.c)\nadd_executable(x ${S})\n",
	})
	p := realPolicy(t, "")
	for _, tc := range []struct {
		cmd   string
		block bool
	}{
		{"cd lit && cmake -B build", true},
		{"cd cat && cmake -B build", true},
		{"cd cat && cmake -S . -B build", true},
		{"cd rd && cmake -P r.cmake", true},
		{"cmake -P rd/r.cmake", true},
		{"cd set && cmake -B build", true},
		{"cd exe && cmake -B build", true},
		{"cd exev && cmake -B build", true},
		{"cd fn && cmake -B build", true},
		{"cd run && cmake -B build", true},
		{"cd ok && cmake -B build", false},
		{"cd ok && cmake --build build", false},
	} {
		checkBlock(t, p, proj, tc.cmd, tc.block, "")
	}
}
