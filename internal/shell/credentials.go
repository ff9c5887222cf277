package shell

import (
	"path"

	"github.com/guardhq/guard/internal/shell/catalogue"
	"github.com/guardhq/guard/internal/shell/word"
)

// credentialRead records, for a program that prints a credential it keeps
// in a file of its own (catalogue.CredPrinters: git credential fill, gh auth
// token, aws configure get …), a read of that file: the read rules decide
// it as they decide cat of the file. Without a home directory it does
// nothing (the rules name the files under ~).
func (c *cmd) credentialRead() {
	if c.w.Home == "" {
		return
	}
	if store, ok := catalogue.PrinterStore(c.name, word.Texts(c.args)); ok {
		c.w.Read(path.Join(c.w.Home, store))
	}
}
