package protocol

// Account basics: password, deletion, blocks. Accounts only: a guest gets
// not_allowed.

// ChangePassword replaces the account's password. Reply: OK;
// unauthorized for a wrong old password, bad_request for a new one that
// breaks the rules (8–128 characters).
type ChangePassword struct {
	OldPassword string `json:"old_password"`
	NewPassword string `json:"new_password"`
}

// DeleteAccount deletes the account: its games stay, under an anonymous
// name; the name is free again; its stored sessions end. Reply: OK, and
// the connection is logged out. unauthorized for a wrong password, conflict
// while playing a game.
type DeleteAccount struct {
	Password string `json:"password"`
}

// Block stops challenges and lobby chat from the account Name reaching
// you (and your challenges to it). Reply: OK; not_found for no such
// account, bad_request for yourself. Blocking twice is not an error.
type Block struct {
	Name string `json:"name"`
}

// Unblock lifts a block. Reply: OK (also when there was none).
type Unblock struct {
	Name string `json:"name"`
}

// GetBlocks asks for the accounts you block. Reply: Blocks.
type GetBlocks struct{}

// Blocks is the reply to GetBlocks: names, sorted.
type Blocks struct {
	Names []string `json:"names"`
}

func (ChangePassword) Type() string { return "change_password" }
func (DeleteAccount) Type() string  { return "delete_account" }
func (Block) Type() string          { return "block" }
func (Unblock) Type() string        { return "unblock" }
func (GetBlocks) Type() string      { return "get_blocks" }
func (Blocks) Type() string         { return "blocks" }

func init() {
	register(ChangePassword{}, DeleteAccount{}, Block{}, Unblock{}, GetBlocks{}, Blocks{})
}
