package studio_test

import "testing"

// TestFirefox drives the same flows as TestBrowser in headless Firefox
// (Debian's firefox-esr) over WebDriver BiDi: the dashboard works in
// both engines, Blink and Gecko.
func TestFirefox(t *testing.T) {
	tab := firefox(t)
	runFlows(t, tab, newProject(t, testMail))
}
