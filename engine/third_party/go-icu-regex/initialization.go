// Copyright 2023 Dolthub, Inc.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

package regex

import (
	_ "embed"

	"github.com/tetratelabs/wazero"
)

// Embedded data that will be loaded into our WASM runtime
var (
	//go:embed icu/wasm/icu.wasm
	icuWasm   []byte // This is generated using the "build.sh" script in the "icu" folder
	icuConfig = wazero.NewModuleConfig()
)
