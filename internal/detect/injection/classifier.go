package injection

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/guardhq/guard/internal/detect/injection/clf"
	"github.com/guardhq/guard/internal/event"
)

// RuleClassifier is the rule of the second stage: the embedded classifier
// (package clf) scored the text at or above the threshold.
const RuleClassifier = "injection_classifier"

// DefaultThreshold returns the threshold the model was shipped with (chosen
// on its validation split, docs/INJECTION.md).
func DefaultThreshold() float64 { return clf.Threshold() }

// WithClassifier returns a copy of d that, where no pattern matches, scores
// the text with the embedded classifier and reports RuleClassifier when the
// score reaches threshold (0 means DefaultThreshold). The model is read only
// when a text is scored.
func (d *Detector) WithClassifier(threshold float64) *Detector {
	c := *d
	if threshold <= 0 {
		threshold = -1 // resolved on first use, not here: New runs on every hook call
	}
	c.threshold = threshold
	return &c
}

// Score returns the classifier's score of text, between 0 and 1, or an
// error when the embedded model cannot be read.
func Score(text string) (float64, error) {
	m, err := clf.Embedded()
	if err != nil {
		return 0, err
	}
	return m.Score(text), nil
}

// classify is the second stage of Check.
func (d *Detector) classify(text string) (event.Finding, bool) {
	thr := d.threshold
	if thr < 0 {
		thr = clf.Threshold()
	}
	score, err := Score(text)
	if err != nil {
		// Fail closed: a model that cannot be read cannot say the text is clean.
		msg := RuleClassifier + ": the injection classifier's model cannot be read, so guard cannot tell whether the text is an injection"
		return event.Finding{Detector: event.DetectorInjection, Rule: RuleClassifier, Severity: "high", Reason: msg, LogReason: msg}, true
	}
	if score < thr {
		return event.Finding{}, false
	}
	msg := RuleClassifier + ": possible prompt injection: the classifier scored the text " +
		strconv.FormatFloat(score, 'f', 2, 64) + " (threshold " + strconv.FormatFloat(thr, 'f', 2, 64) + ")"
	return event.Finding{
		Detector:  event.DetectorInjection,
		Rule:      RuleClassifier,
		Severity:  "high",
		Reason:    msg,
		LogReason: msg,
	}, true
}

// ClassifierProvenance describes the embedded model in a few lines for
// guard explain: what it is, when and on what it was trained, its
// validation metrics and its weights' hash (docs/INJECTION.md).
func ClassifierProvenance() []string {
	var p struct {
		Model     string  `json:"model"`
		Date      string  `json:"date"`
		Seed      uint64  `json:"seed"`
		Threshold float64 `json:"threshold"`
		SHA       string  `json:"weights_sha256"`
		Dropped   int     `json:"dropped_test_overlap"`
		Sources   []struct {
			Repo, Path, Licence, Label, Kind string
			Taken                            int
		} `json:"sources"`
		Train, Validation struct {
			Injections, Benign  int
			Recall, Specificity float64
		}
	}
	if err := json.Unmarshal(clf.Provenance(), &p); err != nil {
		return []string{"model.json cannot be read: " + err.Error()}
	}
	out := []string{
		"model: " + p.Model,
		fmt.Sprintf("trained %s by scripts/trainclf (seed %d); weights SHA-256 %s", p.Date, p.Seed, p.SHA),
		fmt.Sprintf("validation split: %d injections, %d benign; recall %.2f%%, specificity %.2f%% at threshold %.2f",
			p.Validation.Injections, p.Validation.Benign, 100*p.Validation.Recall, 100*p.Validation.Specificity, p.Threshold),
		fmt.Sprintf("train split: %d injections, %d benign; %d texts dropped as found in the shared test corpus",
			p.Train.Injections, p.Train.Benign, p.Dropped),
	}
	for _, s := range p.Sources {
		out = append(out, fmt.Sprintf("data: %s %s %s:%s, %d texts; licence %s", s.Label, s.Kind, s.Repo, s.Path, s.Taken, s.Licence))
	}
	return out
}
