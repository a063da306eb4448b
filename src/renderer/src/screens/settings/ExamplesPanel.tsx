import { useId, useState } from 'react';
import type { AppSettings } from '../../../../shared/ipc/contract';
import { CopyButton } from '../../components/CopyButton';
import { codeExamples } from '../../lib/examples';

/** Tabs per the WAI-ARIA pattern: arrows move between tabs, Tab moves into the code. */
export function ExamplesPanel({ settings }: { settings: AppSettings }) {
  const examples = codeExamples(settings.apiUrl, settings.apiKey);
  const [selected, setSelected] = useState(examples[0]!.id);
  const id = useId();
  const current = examples.find((e) => e.id === selected) ?? examples[0]!;
  const move = (delta: number) => {
    const index = examples.findIndex((e) => e.id === selected);
    const next = examples[(index + delta + examples.length) % examples.length]!;
    setSelected(next.id);
    document.getElementById(`${id}-tab-${next.id}`)?.focus();
  };
  return (
    <section className="panel" aria-labelledby={`${id}-title`}>
      <div className="panel-head">
        <h2 id={`${id}-title`}>Use the API from your code</h2>
        <CopyButton text={current.code} label={`Copy the ${current.title} example`} />
      </div>
      <div role="tablist" aria-label="Examples" className="tabs">
        {examples.map((example) => (
          <button
            key={example.id}
            id={`${id}-tab-${example.id}`}
            type="button"
            role="tab"
            className="tab"
            aria-selected={example.id === selected}
            aria-controls={`${id}-panel`}
            tabIndex={example.id === selected ? 0 : -1}
            onClick={() => setSelected(example.id)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(1);
              if (event.key === 'ArrowLeft') move(-1);
            }}
          >
            {example.title}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${current.id}`}>
        <pre className="code" tabIndex={0} data-testid={`example-${current.id}`}>
          <code>{current.code}</code>
        </pre>
      </div>
    </section>
  );
}
