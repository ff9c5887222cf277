package effect

import "strings"

// A job started with & (or a coprocess) runs beside what follows it:
// a command after it in the text may change a file before
// the job reads or runs it, and what the job writes may or may not be there
// when a later command runs it. The walk is in program order; jobs.go keeps
// both ends honest. A file a job runs that a later command changes is text
// guard cannot tell (recorded as hidden), and a file a job writes holds, for
// what follows, text guard does not know.

// jobRun is a file a background job runs (read through FileStatus), as
// Where gives it, cleaned; open while the job is still being walked (its
// own later writes come after its run).
type jobRun struct {
	path string
	open bool
}

// maxJobRuns bounds the files of background jobs remembered; past it, any
// later write counts as changing one of them.
const maxJobRuns = 64

// JobMark is where a background job's walk began (BeginJob).
type JobMark struct{ runs, gen int }

// BeginJob marks that a job started in the background is walked from
// here, until the EndJob given its mark.
func (w *Ledger) BeginJob() JobMark {
	w.jobDepth++
	return JobMark{len(w.jobRuns), w.WriteGen}
}

// EndJob ends the job begun at m: the files it ran are now exposed to
// every later write, and what it wrote is not known to the commands after
// it (they may run before the job writes).
func (w *Ledger) EndJob(m JobMark) {
	w.jobDepth--
	for i := m.runs; i < len(w.jobRuns); i++ {
		w.jobRuns[i].open = false
	}
	n := min(w.WriteGen-m.gen, len(w.Written))
	for i := len(w.Written) - n; i < len(w.Written); i++ {
		f := &w.Written[i]
		f.text, f.from, f.unknown = "", "", true
	}
}

// InJob reports whether a job started in the background (or a
// coprocess, or a >(…)) is being walked: what runs there runs beside
// what follows it.
func (w *Ledger) InJob() bool { return w.jobDepth > 0 }

// jobRan notes that the job being walked runs the file at q.
func (w *Ledger) jobRan(q string) {
	if w.jobDepth == 0 || q == "" {
		return
	}
	for _, r := range w.jobRuns {
		if r.path == q && r.open {
			return
		}
	}
	if len(w.jobRuns) >= maxJobRuns {
		w.jobsFull = true
		return
	}
	w.jobRuns = append(w.jobRuns, jobRun{path: q, open: true})
}

// jobsChanged records as hidden a write to p (cleaned) when it may change
// a file a background job started before it runs.
func (w *Ledger) jobsChanged(p string) {
	for _, r := range w.jobRuns {
		if r.open {
			continue
		}
		if r.path == p || strings.HasPrefix(r.path, p+"/") || p == "." && !strings.HasPrefix(r.path, "/") || w.jobsFull {
			w.Hide("runs in the background a file that a later command changes, so which text runs guard cannot tell")
			return
		}
	}
}
