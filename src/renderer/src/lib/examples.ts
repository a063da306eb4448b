// Ready-to-paste snippets for the Settings screen, filled with this server's address and key.

export interface CodeExample {
  id: string;
  title: string;
  language: string;
  code: string;
}

/** Single quotes for POSIX shells: the key and URL are pasted verbatim. */
const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

export function codeExamples(apiUrl: string, apiKey: string): CodeExample[] {
  const base = apiUrl.replace(/\/+$/, '');
  const curl = [
    `API=${shellQuote(base)}`,
    `KEY=${shellQuote(apiKey)}`,
    '',
    '# 1. Upload a recording',
    `AUDIO_URL=$(curl -s -H "x-gladia-key: $KEY" -F audio=@recording.wav "$API/v2/upload" | jq -r .audio_url)`,
    '',
    '# 2. Queue a transcription',
    `JOB_ID=$(curl -s -H "x-gladia-key: $KEY" -H 'content-type: application/json' \\`,
    `  -d "{\\"audio_url\\": \\"$AUDIO_URL\\", \\"subtitles\\": true}" "$API/v2/pre-recorded" | jq -r .id)`,
    '',
    '# 3. Read the result (repeat until "status" is "done")',
    `curl -s -H "x-gladia-key: $KEY" "$API/v2/pre-recorded/$JOB_ID" | jq .result.transcription.full_transcript`,
  ].join('\n');

  const javascript = [
    `// npm install @gladiaio/sdk`,
    `import { GladiaClient } from '@gladiaio/sdk';`,
    '',
    `const client = new GladiaClient({ apiKey: ${JSON.stringify(apiKey)}, apiUrl: ${JSON.stringify(base)} });`,
    `const job = await client.preRecorded().transcribe('recording.wav', { subtitles: true });`,
    `console.log(job.result?.transcription?.full_transcript);`,
  ].join('\n');

  const python = [
    '# pip install requests',
    'import time, requests',
    '',
    `API, HEADERS = ${JSON.stringify(base)}, {"x-gladia-key": ${JSON.stringify(apiKey)}}`,
    'with open("recording.wav", "rb") as audio:',
    '    audio_url = requests.post(f"{API}/v2/upload", headers=HEADERS, files={"audio": audio}).json()["audio_url"]',
    'job = requests.post(f"{API}/v2/pre-recorded", headers=HEADERS, json={"audio_url": audio_url}).json()',
    'while (result := requests.get(f"{API}/v2/pre-recorded/{job[\'id\']}", headers=HEADERS).json())["status"] not in ("done", "error"):',
    '    time.sleep(1)',
    'print(result["result"]["transcription"]["full_transcript"])',
  ].join('\n');

  return [
    { id: 'curl', title: 'curl', language: 'shell', code: curl },
    { id: 'js', title: 'JavaScript SDK', language: 'javascript', code: javascript },
    { id: 'python', title: 'Python', language: 'python', code: python },
  ];
}
