package server

import (
	"fmt"
	"net/http"

	"github.com/gomokud/gomoku/web"
)

// mountApp serves the browser client (package web) at / beside /ws. If the
// embedded app cannot be built, / falls back to a line of text naming the
// websocket URL and the failure is logged.
func (s *Server) mountApp(mux *http.ServeMux) {
	app, err := web.Default()
	if err != nil {
		s.env.log.Error("browser app unavailable", "err", err)
		mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
			fmt.Fprintf(w, "%s: connect a gomoku client to ws://%s/ws\n", s.env.cfg.Name, r.Host)
		})
		return
	}
	app.Register(mux)
}
