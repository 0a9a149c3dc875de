package sdk

import (
	"io"
	"math/rand/v2"

	"arena.dev/games/apocalypse/proto"
)

// Game is the state a bot sees and the commands it gives: the original's
// State, Settings and Player in one. The host fills it before each call to
// Play. Every player sees the whole board.
type Game struct {
	params [proto.NbParams]int
	me     int
	round  int
	max    int // rows and columns

	land      []CellType
	fire      []int
	soldierAt []int // cell → soldier id, 0 none
	heliAt    []int // cell → id of the helicopter centred there, 0 none
	postAt    []int // cell → post index, -1 none
	posts     []Post
	soldiers  []Data  // alive soldiers, by increasing id
	spare     []Data  // the other buffer for soldiers
	slot      []int32 // soldier id → index in soldiers, -1
	helis     []Data  // helicopters, by increasing id
	scores    []int
	status    []float64

	rng   *rand.Rand
	redux *ReduxRandom // instead of rng in Redux
	log   io.Writer    // where rejected commands are reported; nil: nowhere

	cmds  []Command
	given []int // units commanded this round
	jumps []Pos // jumps accepted this round
}

// NumPlayers is the number of players (NUM_PLAYERS).
func (g *Game) NumPlayers() int { return g.params[proto.ParamNumPlayers] }

// GameRounds is the number of rounds of a match (GAME_ROUNDS).
func (g *Game) GameRounds() int { return g.params[proto.ParamGameRounds] }

// Max is the number of rows and of columns of the board (MAX).
func (g *Game) Max() int { return g.params[proto.ParamMax] }

// NumSoldiers is the number of soldiers each player starts with (NUM_SOLDIERS).
func (g *Game) NumSoldiers() int { return g.params[proto.ParamNumSoldiers] }

// NumHelicopters is the number of helicopters of each player (NUM_HELICOPTERS).
func (g *Game) NumHelicopters() int { return g.params[proto.ParamNumHelicopters] }

// NumPosts is the number of posts (NUM_POSTS).
func (g *Game) NumPosts() int { return g.params[proto.ParamNumPosts] }

// Life is a new soldier's life points (LIFE).
func (g *Game) Life() int { return g.params[proto.ParamLife] }

// ForestDamage is the least damage of an attack on a soldier in a forest;
// the most is twice it (FOREST_DAMAGE).
func (g *Game) ForestDamage() int { return g.params[proto.ParamForestDamage] }

// GrassDamage is the least damage of an attack on a soldier on grass; the
// most is twice it (GRASS_DAMAGE).
func (g *Game) GrassDamage() int { return g.params[proto.ParamGrassDamage] }

// RoundsNapalm is the number of rounds a helicopter waits after throwing
// napalm (ROUNDS_NAPALM).
func (g *Game) RoundsNapalm() int { return g.params[proto.ParamRoundsNapalm] }

// Reach is the napalm's reach: it burns the (2*Reach+1)² square centred at
// the helicopter (REACH).
func (g *Game) Reach() int { return g.params[proto.ParamReach] }

// ForestBurns is the number of rounds a forest cell burns (FOREST_BURNS).
func (g *Game) ForestBurns() int { return g.params[proto.ParamForestBurns] }

// OtherBurns is the number of rounds any other cell burns (OTHER_BURNS).
func (g *Game) OtherBurns() int { return g.params[proto.ParamOtherBurns] }

// ProbFire is the percentage probability that fire spreads to a forest
// cell next to it (PROB_FIRE).
func (g *Game) ProbFire() int { return g.params[proto.ParamProbFire] }

// RoundsJump is the number of rounds a parachuter can wait to jump
// (ROUNDS_JUMP).
func (g *Game) RoundsJump() int { return g.params[proto.ParamRoundsJump] }

// MaxJump is the most parachuters a player can throw in one round (MAX_JUMP).
func (g *Game) MaxJump() int { return g.params[proto.ParamMaxJump] }

// HighValue is the value of the most valuable posts (HIGH_VALUE).
func (g *Game) HighValue() int { return g.params[proto.ParamHighValue] }

// LowValue is the value of the least valuable posts (LOW_VALUE).
func (g *Game) LowValue() int { return g.params[proto.ParamLowValue] }

// Me is this bot's player number, from 0.
func (g *Game) Me() int { return g.me }

// Round is the round being played, from 0 to GameRounds()-1.
func (g *Game) Round() int { return g.round }

// PosOk reports whether (i, j) is on the board.
func (g *Game) PosOk(i, j int) bool { return i >= 0 && i < g.max && j >= 0 && j < g.max }

// What is the land at (i, j): Forest, Grass, Water or Mountain; NoCell
// off the board.
func (g *Game) What(i, j int) CellType {
	if !g.PosOk(i, j) {
		return NoCell
	}
	return g.land[i*g.max+j]
}

// FireTime is the number of rounds (at least) fire will still burn at
// (i, j): 0 when there is none, -1 off the board.
func (g *Game) FireTime(i, j int) int {
	if !g.PosOk(i, j) {
		return -1
	}
	return g.fire[i*g.max+j]
}

// WhichSoldier is the id of the soldier at (i, j): 0 when there is none,
// -1 off the board.
func (g *Game) WhichSoldier(i, j int) int {
	if !g.PosOk(i, j) {
		return -1
	}
	return g.soldierAt[i*g.max+j]
}

// WhichHelicopter is the id of the helicopter centred at (i, j): 0 when
// there is none, -1 off the board.
func (g *Game) WhichHelicopter(i, j int) int {
	if !g.PosOk(i, j) {
		return -1
	}
	return g.heliAt[i*g.max+j]
}

// PostOwner is the player who holds the post at (i, j): -2 when there is
// no post, -1 when nobody has conquered it yet or (i, j) is off the board.
func (g *Game) PostOwner(i, j int) int {
	if !g.PosOk(i, j) {
		return -1
	}
	if k := g.postAt[i*g.max+j]; k >= 0 {
		return g.posts[k].Player
	}
	return -2
}

// PostValue is the value of the post at (i, j), HighValue() or
// LowValue(): -2 when there is no post, -1 off the board.
func (g *Game) PostValue(i, j int) int {
	if !g.PosOk(i, j) {
		return -1
	}
	if k := g.postAt[i*g.max+j]; k >= 0 {
		return g.posts[k].Value
	}
	return -2
}

// Soldiers returns the ids of player pl's soldiers, increasing (empty for
// a wrong player).
func (g *Game) Soldiers(pl int) []int {
	ids := make([]int, 0, len(g.soldiers)/max(1, len(g.scores))+8)
	for _, s := range g.soldiers {
		if s.Player == pl {
			ids = append(ids, s.ID)
		}
	}
	return ids
}

// Helicopters returns the ids of player pl's helicopters, increasing
// (empty for a wrong player).
func (g *Game) Helicopters(pl int) []int {
	var ids []int
	for _, h := range g.helis {
		if h.Player == pl {
			ids = append(ids, h.ID)
		}
	}
	return ids
}

// Posts returns every post: owner, cell and value.
func (g *Game) Posts() []Post { return append([]Post(nil), g.posts...) }

// Data returns what is known of unit id, or NUL when no unit has that id
// (a dead soldier's id is never reused). Do not modify its Parachuters.
func (g *Game) Data(id int) Data {
	if d := g.unit(id); d != nil {
		return *d
	}
	return NUL
}

func (g *Game) unit(id int) *Data {
	if id > 0 && id < len(g.slot) && g.slot[id] >= 0 {
		return &g.soldiers[g.slot[id]]
	}
	for k := range g.helis {
		if g.helis[k].ID == id {
			return &g.helis[k]
		}
	}
	return nil
}

// TotalScore is player pl's score so far (-1 for a wrong player): in
// Apocalypse Now 2018 the points of every round added up, in Redux the
// points of the last round played (its posts' values and one per soldier),
// as each original engine counts.
func (g *Game) TotalScore(pl int) int {
	if pl < 0 || pl >= len(g.scores) {
		return -1
	}
	return g.scores[pl]
}

// Status is the fraction of its CPU budget player pl has used, in [0, 1],
// or -1 if pl is frozen (it gives no more commands) or a wrong player.
func (g *Game) Status(pl int) float64 {
	if pl < 0 || pl >= len(g.status) {
		return -1
	}
	return g.status[pl]
}

// Random returns a uniform integer in [lo, hi]. The generator is seeded by
// the match, so a match can be replayed exactly. In Redux it is the
// original's (ReduxRandom), seeded as the original seeds the team.
func (g *Game) Random(lo, hi int) int {
	if g.redux != nil {
		return g.redux.Range(lo, hi)
	}
	return lo + g.rng.IntN(hi-lo+1)
}

// RandomPermutation returns a random permutation of 0..n-1.
func (g *Game) RandomPermutation(n int) []int {
	if g.redux != nil {
		return g.redux.Permutation(n)
	}
	return g.rng.Perm(n)
}
