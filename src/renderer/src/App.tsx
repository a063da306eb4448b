export function App() {
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', padding: 24 }}>
      <h1>Local Transcribe</h1>
      <p>
        The transcription server runs on this machine. Its <code>/v2</code> API is ready; the job screens are
        on their way.
      </p>
    </main>
  );
}
