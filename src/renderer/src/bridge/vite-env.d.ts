/// <reference types="vite/client" />
// For `?url&no-inline` (the audio worklet must be a file of this origin: the CSP forbids data: scripts).
