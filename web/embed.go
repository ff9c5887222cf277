// Package web holds the console's user interface: plain HTML, CSS and
// JavaScript with the vendored chart library, embedded in the guard binary so
// the console works offline and loads nothing from elsewhere.
package web

import "embed"

// Static is the console UI. Its files are under "static/"; index.html is the
// page, vendor/ holds third-party code with its licence.
//
//go:embed static
var Static embed.FS
