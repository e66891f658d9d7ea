package engine

import (
	"errors"
	"reflect"
	"testing"
)

// The fuzz targets feed the parsers arbitrary input: bad input must be an
// error wrapping the parser's sentinel, never a panic, and whatever parses
// must encode and parse back to the same value.

func FuzzParseText(f *testing.F) {
	f.Add([]byte(sampleText))
	f.Add([]byte(openingText))
	f.Add([]byte("Rule: renju\nSize: 9\nResult: draw by agreement\n\n1. [Black] e5\n2. [White] d4 1m\n"))
	f.Add([]byte("Result: aborted\n# comment\n"))
	f.Add([]byte("[Black]:(H,8)\n[White]:(I,9)\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseText(data)
		if err != nil {
			if !errors.Is(err, ErrBadRecord) {
				t.Fatalf("error does not wrap ErrBadRecord: %v", err)
			}
			return
		}
		enc, err := r.EncodeText()
		if err != nil {
			t.Fatalf("parsed record does not encode: %v", err)
		}
		back, err := ParseText(enc)
		if err != nil || !reflect.DeepEqual(back, r) {
			t.Fatalf("round trip: %v\n%s", err, enc)
		}
	})
}

func FuzzParsePSQ(f *testing.F) {
	f.Add([]byte(samplePSQ), uint8(2))
	f.Add([]byte(openingPSQ), uint8(2))
	f.Add([]byte("Piskvorky 20x20, 11:11, 0\r\n10,10,0\r\n11,11,15\r\n9,10\r\na\r\nb\r\n-1\r\n"), uint8(0))
	f.Add([]byte("Piskvorky 5x5, 1:2, 1\n1,1,0\n"), uint8(1))
	f.Fuzz(func(t *testing.T, data []byte, rule uint8) {
		r, err := ParsePSQ(data, Rules[int(rule)%len(Rules)])
		if err != nil {
			if !errors.Is(err, ErrBadRecord) {
				t.Fatalf("error does not wrap ErrBadRecord: %v", err)
			}
			return
		}
		enc, err := r.EncodePSQ()
		if err != nil {
			t.Fatalf("parsed record does not encode: %v", err)
		}
		back, err := ParsePSQ(enc, r.Rule)
		if err != nil {
			t.Fatalf("round trip: %v\n%s", err, enc)
		}
		if r.White == "" { // a lone name is not written back
			r.Black = ""
		}
		if !reflect.DeepEqual(back, r) {
			t.Fatalf("round trip differs:\n%+v\n%+v", back, r)
		}
	})
}

func FuzzParseSGF(f *testing.F) {
	f.Add([]byte(sampleSGF))
	f.Add([]byte(openingSGF))
	f.Add([]byte("(;GM[4]FF[4]SZ[15:15]PB[A \\] B]RE[W+R];B[hh]C[x];W[ii](;B[jj])(;B[aa]))"))
	f.Add([]byte("(;GM[4]SZ[5]RE[0];B[aa];W[ab])"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseSGF(data)
		if err != nil {
			if !errors.Is(err, ErrBadRecord) {
				t.Fatalf("error does not wrap ErrBadRecord: %v", err)
			}
			return
		}
		enc, err := r.EncodeSGF()
		if err != nil {
			t.Fatalf("parsed record does not encode: %v", err)
		}
		back, err := ParseSGF(enc)
		if err != nil || !reflect.DeepEqual(back, r) {
			t.Fatalf("round trip: %v\n%s\n%+v\n%+v", err, enc, back, r)
		}
	})
}

func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"h8", "A1", "o15", "t20", "h08", "7,7", " 0 , 14 ", "-1,3"} {
		f.Add(s, 15)
	}
	f.Fuzz(func(t *testing.T, s string, size int) {
		if p, err := ParsePoint(s, size); err == nil {
			if !p.Valid(size) {
				t.Fatalf("ParsePoint(%q, %d) = %v, off the board", s, size, p)
			}
			if q, err := ParsePoint(p.String(), size); err != nil || q != p {
				t.Fatalf("ParsePoint(%q) = %v, but %q reads as %v, %v", s, p, p.String(), q, err)
			}
		} else if !errors.Is(err, ErrBadNotation) && !errors.Is(err, ErrOffBoard) && !errors.Is(err, ErrBadSize) {
			t.Fatalf("ParsePoint(%q): unexpected error %v", s, err)
		}
		if p, err := ParseGomocup(s, size); err == nil {
			if !p.Valid(size) {
				t.Fatalf("ParseGomocup(%q, %d) = %v, off the board", s, size, p)
			}
			if q, err := ParseGomocup(p.Gomocup(size), size); err != nil || q != p {
				t.Fatalf("ParseGomocup(%q) = %v, but %q reads as %v, %v", s, p, p.Gomocup(size), q, err)
			}
		} else if !errors.Is(err, ErrBadNotation) && !errors.Is(err, ErrOffBoard) && !errors.Is(err, ErrBadSize) {
			t.Fatalf("ParseGomocup(%q): unexpected error %v", s, err)
		}
	})
}

func FuzzParseBoard(f *testing.F) {
	f.Add(". . . . .\n. x x x .\n. . o . .\n. . . . .\n. . . . .")
	f.Add(midgame)
	f.Add(" 5 . . . . .\n 4 x o + . . # c\n 3 . . . . . <- x\n 2 . . . . .\n 1 . . . . .\n   a b c d e")
	f.Fuzz(func(t *testing.T, diagram string) {
		b, err := ParseBoard(diagram)
		if err != nil {
			if !errors.Is(err, ErrBadNotation) && !errors.Is(err, ErrBadSize) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		back, err := ParseBoard(b.String())
		if err != nil || *back != *b {
			t.Fatalf("diagram round trip: %v\n%s", err, b)
		}
		b.AppendForbidden(nil)
	})
}
