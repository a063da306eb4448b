import type { ReactNode } from 'react';
import { formatTimestamp } from '../../lib/format';
import { languageName } from '../../lib/languages';

// One panel per add-on block of a result (spec §2.6). Known blocks get a reading view; anything else, including
// add-ons this UI does not know yet, is shown as formatted JSON so no result is ever hidden.

type Json = unknown;

interface Wrapper {
  success?: boolean;
  is_empty?: boolean;
  exec_time?: number;
  error?: { message?: string; status_code?: number } | null;
  results?: Json;
}

const TITLES: Record<string, string> = {
  summarization: 'Summary',
  translation: 'Translation',
  named_entity_recognition: 'Named entities',
  sentiment_analysis: 'Sentiment',
  audio_to_llm: 'Questions about the audio',
  moderation: 'Moderation',
  chapterization: 'Chapters',
  structured_data_extraction: 'Structured data',
  name_consistency: 'Name consistency',
  sentences: 'Sentences',
  display_mode: 'Display mode',
  diarization: 'Diarization',
  pii_redaction: 'Personal information',
  messages: 'Session messages',
};

/** Blocks the Transcript view already shows. */
const SHOWN_ELSEWHERE = new Set(['metadata', 'transcription']);

const isObject = (value: Json): value is Record<string, Json> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const titleOf = (key: string) => TITLES[key] ?? key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function JsonView({ value }: { value: Json }) {
  return <pre className="json">{JSON.stringify(value, null, 2)}</pre>;
}

function Entities({ items }: { items: Json[] }) {
  return (
    <table className="table compact">
      <thead>
        <tr>
          <th scope="col">Type</th>
          <th scope="col">Text</th>
          <th scope="col">At</th>
        </tr>
      </thead>
      <tbody>
        {items.filter(isObject).map((item, i) => (
          <tr key={i}>
            <td>
              <span className="tag">{String(item.entity_type ?? item.type ?? '')}</span>
            </td>
            <td>{String(item.text ?? '')}</td>
            <td className="nowrap">{typeof item.start === 'number' ? formatTimestamp(item.start) : ''}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Sentiments({ items }: { items: Json[] }) {
  return (
    <ul className="plain-list">
      {items.filter(isObject).map((item, i) => (
        <li key={i}>
          <span className={`tag sentiment-${String(item.sentiment)}`}>{String(item.sentiment ?? '')}</span>
          {item.emotion ? <span className="tag">{String(item.emotion)}</span> : null}{' '}
          {String(item.text ?? '')}
        </li>
      ))}
    </ul>
  );
}

function Translations({ items }: { items: Json[] }) {
  return (
    <div className="stack">
      {items.filter(isObject).map((item, i) => {
        const languages = Array.isArray(item.languages) ? item.languages.map(String) : [];
        return (
          <section key={i} lang={languages[0]}>
            <h4>{languages.map(languageName).join(', ') || `Translation ${i + 1}`}</h4>
            {item.error ? <p className="error-text">{JSON.stringify(item.error)}</p> : null}
            <p className="prose">{String(item.full_transcript ?? '')}</p>
          </section>
        );
      })}
    </div>
  );
}

function LlmAnswers({ items }: { items: Json[] }) {
  return (
    <dl className="qa">
      {items.filter(isObject).map((item, i) => {
        const result = isObject(item.results) ? item.results : {};
        return (
          <div key={i}>
            <dt>{String(result.prompt ?? `Prompt ${i + 1}`)}</dt>
            <dd>
              {item.success === false ? (
                <span className="error-text">Failed</span>
              ) : (
                String(result.response ?? '')
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}

/** Some add-ons (sentiment in the spec) return their list as a JSON string: read it as the list it is. */
function parsedString(text: string): Json {
  if (!/^\s*[[{]/.test(text)) return text;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return text;
  }
}

function Results({ name, results: raw }: { name: string; results: Json }): ReactNode {
  const results = typeof raw === 'string' ? parsedString(raw) : raw;
  if (typeof results === 'string') return <p className="prose">{results}</p>;
  if (Array.isArray(results)) {
    if (name === 'named_entity_recognition') return <Entities items={results} />;
    if (name === 'sentiment_analysis') return <Sentiments items={results} />;
    if (name === 'translation') return <Translations items={results} />;
    if (name === 'audio_to_llm') return <LlmAnswers items={results} />;
    if (results.every((item) => typeof item === 'string'))
      return (
        <ul className="plain-list">
          {results.map((item, i) => (
            <li key={i}>{item as string}</li>
          ))}
        </ul>
      );
  }
  return <JsonView value={results} />;
}

function AddonPanel({ name, value }: { name: string; value: Json }) {
  const wrapper: Wrapper | null = isObject(value) && 'success' in value ? (value as Wrapper) : null;
  let body: ReactNode;
  if (!wrapper) body = <JsonView value={value} />;
  else if (wrapper.success === false)
    body = (
      <p className="error-text" role="note">
        This add-on failed: {wrapper.error?.message ?? 'no reason given'}
      </p>
    );
  else if (wrapper.is_empty || wrapper.results == null) body = <p className="muted">Nothing found.</p>;
  else body = <Results name={name} results={wrapper.results} />;
  return (
    <details className="panel addon-panel" open={name !== 'messages'} data-addon={name}>
      <summary>
        <h3>{titleOf(name)}</h3>
        {wrapper?.exec_time !== undefined && (
          <span className="muted small">{wrapper.exec_time.toFixed(2)} s</span>
        )}
      </summary>
      {body}
    </details>
  );
}

/** Live sessions store the messages sent as JSON texts: show them parsed, and only on request. */
function messagesValue(value: Json): Json {
  if (!Array.isArray(value)) return value;
  return value.map((text) => {
    if (typeof text !== 'string') return text;
    try {
      return JSON.parse(text) as Json;
    } catch {
      return text;
    }
  });
}

export function AddonPanels({ result }: { result: Record<string, Json> }) {
  const entries = Object.entries(result).filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && value != null);
  if (!entries.length) return null;
  return (
    <section className="addon-panels" aria-label="Add-on results">
      {entries.map(([key, value]) => (
        <AddonPanel key={key} name={key} value={key === 'messages' ? messagesValue(value) : value} />
      ))}
    </section>
  );
}
