package engine

import (
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Error is the engine's error: SQLSTATE, message, detail, hint, position and
// object names. Every failure a statement can have is returned as *Error.
type Error = pgerror.Error

// Notice is a NOTICE / WARNING raised while a statement ran.
type Notice = pgerror.Notice
