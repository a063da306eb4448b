import { useId, useState, type FormEvent } from 'react';

/** Shown once in a browser without `?key=` or a stored key: the server's API key unlocks the UI. */
export function KeyPrompt({ onKey, refused }: { onKey(key: string): void; refused?: boolean }) {
  const [key, setKey] = useState('');
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (key.trim()) onKey(key.trim());
  };
  return (
    <main className="key-gate">
      <form className="panel" onSubmit={submit}>
        <h1>Local Transcribe</h1>
        <p className="muted">
          Enter the API key of this server. It was printed when the server started, and is kept in its data
          folder (<code>api-key</code>).
        </p>
        {refused && (
          <p className="error-text" role="alert">
            The server refused the last key.
          </p>
        )}
        <div className="field">
          <label htmlFor={id}>API key</label>
          <input
            id={id}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={key}
            onChange={(e) => setKey(e.target.value)}
          />
        </div>
        <button type="submit" className="button button-primary" disabled={!key.trim()}>
          Continue
        </button>
      </form>
    </main>
  );
}
