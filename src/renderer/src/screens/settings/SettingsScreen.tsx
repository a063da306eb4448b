import { ErrorState, LoadingState } from '../../components/States';
import { useSettings } from '../../queries/settings';
import { ConnectionPanel } from './ConnectionPanel';
import { ExamplesPanel } from './ExamplesPanel';
import { LlmPanel } from './LlmPanel';
import { ModelsPanel } from './ModelsPanel';
import { PreferencesPanel } from './PreferencesPanel';

export function SettingsScreen() {
  const settings = useSettings();
  let body;
  if (settings.isPending) body = <LoadingState label="Loading settings…" />;
  else if (settings.isError)
    body = <ErrorState error={settings.error} onRetry={() => void settings.refetch()} />;
  else
    body = (
      <>
        <ConnectionPanel settings={settings.data} />
        <PreferencesPanel key={JSON.stringify(settings.data.preferences)} settings={settings.data} />
        <LlmPanel settings={settings.data} />
        <ModelsPanel />
        <ExamplesPanel settings={settings.data} />
        <p className="muted small">
          {settings.data.runtime.kind === 'desktop' ? 'Desktop app' : 'Server'} version{' '}
          {settings.data.runtime.version}
        </p>
      </>
    );
  return (
    <div className="screen">
      <header className="screen-header">
        <h1 tabIndex={-1}>Settings</h1>
      </header>
      {body}
    </div>
  );
}
