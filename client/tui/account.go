package tui

import (
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/gomokud/gomoku/auth"
)

// The account basics in the program: my profile's keys, and the forms that
// change the password and delete the account.

// profileScreen is a player's profile; on my own (an account, not a
// guest) it has the account's keys.
type profileScreen struct {
	textScreen
	me string // my name when the profile is mine; "" otherwise
}

func (s *profileScreen) keys() []keyLine {
	if s.me == "" {
		return s.textScreen.keys()
	}
	return []keyLine{
		{"c", "change my password"},
		{"D", "delete my account (asks for the password)"},
		{"q esc", "back"},
	}
}

func (s *profileScreen) key(key string) tea.Cmd {
	switch {
	case s.me == "":
	case key == "c":
		return screenCmd(newPasswordForm())
	case key == "D":
		return screenCmd(newDeleteForm(s.me))
	}
	return nil
}

func (s *profileScreen) view(w, h int, st Styles) string {
	help := "? help · q back"
	if s.me != "" {
		help = "c change password · D delete account · ? help · q back"
	}
	return screenFrame(append([]string{st.Title.Render(s.name), ""}, s.lines...), w, h, st, help)
}

func screenCmd(s screen) tea.Cmd {
	return func() tea.Msg { return ScreenMsg{s} }
}

// formField is one line of a form.
type formField struct {
	label  string
	hidden bool // a password: shown as dots
	value  string
}

// formScreen asks for a few lines of text one after the other, passwords
// hidden; enter on the last sends the intent that check makes of them.
// It takes every key as text but esc, which cancels. While the request is
// out it waits; a refusal shows on the form, which starts again.
type formScreen struct {
	name    string
	intro   []string
	fields  []formField
	at      int    // the field being typed
	problem string // why the last try was refused
	waiting bool   // the intent is sent: waiting for the answer
	action  string // what enter on the last field does: "change the password"
	kept    string // what a refusal leaves: "the password is unchanged"
	// check reads the values: the intent to send, or a problem and the
	// field to type again (the fields from it are cleared).
	check func(values []string) (in Intent, problem string, retype int)
}

// typingScreen is a screen that takes keys as text: the App gives it the
// keys as they come (q and ? too); esc still closes it.
type typingScreen interface {
	screen
	input(k tea.KeyMsg) tea.Cmd
}

// refusedScreen is a screen that shows why its intent was refused itself.
type refusedScreen interface {
	refused(in Intent, n NoticeMsg) bool
}

func (f *formScreen) title() string { return f.name }

func (f *formScreen) keys() []keyLine {
	return []keyLine{{"enter", "next field; on the last, " + f.action}, {"esc", "cancel"}}
}

func (f *formScreen) key(string) tea.Cmd { return nil }

func (f *formScreen) input(k tea.KeyMsg) tea.Cmd {
	if f.waiting {
		return nil
	}
	field := &f.fields[f.at]
	switch k.Type {
	case tea.KeyBackspace:
		if r := []rune(field.value); len(r) > 0 {
			field.value = string(r[:len(r)-1])
		}
	case tea.KeyCtrlU:
		field.value = ""
	case tea.KeySpace:
		field.value += " "
	case tea.KeyRunes:
		if len([]rune(field.value)) < 4*auth.MaxPassword {
			field.value += string(k.Runes)
		}
	case tea.KeyEnter, tea.KeyTab:
		if f.at < len(f.fields)-1 {
			f.at++
			return nil
		}
		return f.submit()
	case tea.KeyShiftTab, tea.KeyUp:
		f.at = max(f.at-1, 0)
	case tea.KeyDown:
		f.at = min(f.at+1, len(f.fields)-1)
	}
	return nil
}

func (f *formScreen) submit() tea.Cmd {
	values := make([]string, len(f.fields))
	for i, fl := range f.fields {
		values[i] = fl.value
	}
	in, problem, retype := f.check(values)
	if in == nil {
		f.problem = problem
		f.clearFrom(retype)
		return nil
	}
	f.problem, f.waiting = "", true
	return intentCmd(in)
}

// clearFrom empties the fields from i on and types field i again.
func (f *formScreen) clearFrom(i int) {
	for j := i; j < len(f.fields); j++ {
		f.fields[j].value = ""
	}
	f.at = i
}

// refused shows why the form's intent was refused, and starts it again.
func (f *formScreen) refused(_ Intent, n NoticeMsg) bool {
	if !f.waiting {
		return false
	}
	f.waiting, f.problem = false, n.Text+": "+f.kept
	f.clearFrom(0)
	return true
}

func (f *formScreen) view(width, height int, st Styles) string {
	lines := []string{st.Title.Render(f.name), ""}
	for _, l := range f.intro {
		lines = append(lines, "  "+l)
	}
	lines = append(lines, "")
	labelW := 0
	for _, fl := range f.fields {
		labelW = max(labelW, len([]rune(fl.label)))
	}
	for i, fl := range f.fields {
		value := fl.value
		if fl.hidden {
			value = strings.Repeat("•", len([]rune(value)))
		}
		mark := "  "
		if i == f.at && !f.waiting {
			mark, value = "> ", value+"█"
		}
		label := fl.label + ":" + strings.Repeat(" ", labelW-len([]rune(fl.label)))
		lines = append(lines, strings.TrimRight(mark+label+"  "+value, " "))
	}
	lines = append(lines, "")
	switch {
	case f.waiting:
		lines = append(lines, st.Dim.Render("  sent: waiting for the server…"))
	case f.problem != "":
		lines = append(lines, st.Error.Render("  ! "+f.problem))
	}
	help := "enter next · esc cancel"
	if f.at == len(f.fields)-1 {
		help = "enter " + f.action + " · esc cancel"
	}
	return screenFrame(lines, width, height, st, help)
}

// newPasswordForm asks for the current password and the new one twice.
func newPasswordForm() *formScreen {
	return &formScreen{
		name: "Change my password",
		intro: []string{
			fmt.Sprintf("The new password takes %d to %d characters.", auth.MinPassword, auth.MaxPassword),
			"Your sessions stay logged in, this one and the others.",
		},
		fields: []formField{
			{label: "Current password", hidden: true},
			{label: "New password", hidden: true},
			{label: "New password again", hidden: true},
		},
		action: "change the password",
		kept:   "the password is unchanged",
		check: func(v []string) (Intent, string, int) {
			switch {
			case v[0] == "":
				return nil, "type your current password first", 0
			case auth.ValidatePassword(v[1]) != nil:
				return nil, fmt.Sprintf("the new password must be %d to %d characters: type it again",
					auth.MinPassword, auth.MaxPassword), 1
			case v[1] != v[2]:
				return nil, "the new passwords differ: type them again", 1
			}
			return ChangePasswordIntent{Old: v[0], New: v[1]}, "", 0
		},
	}
}

// newDeleteForm asks for my name, as the confirmation, then the password.
func newDeleteForm(me string) *formScreen {
	return &formScreen{
		name: "Delete my account " + me,
		intro: []string{
			"This is for good. Your finished games stay, with their results, under an",
			`anonymous name ("deleted:ID"); your name becomes free for anyone to take.`,
			"Finish or abort your running games first. You stay here, logged out.",
		},
		fields: []formField{
			{label: "Type " + me + " to confirm"},
			{label: "Password", hidden: true},
		},
		action: "delete the account",
		kept:   "nothing was deleted",
		check: func(v []string) (Intent, string, int) {
			switch {
			case !strings.EqualFold(strings.TrimSpace(v[0]), me):
				return nil, "not confirmed: type your name, " + me + ", to delete the account", 0
			case v[1] == "":
				return nil, "type your password", 1
			}
			return DeleteAccountIntent{Password: v[1]}, "", 0
		},
	}
}
