import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { LiveDevices } from '../../../../shared/ipc/contract';
import { ErrorState, LoadingState } from '../../components/States';
import { useBridge } from '../../bridge-context';
import { errorMessage } from '../../lib/errors';
import { formatClock } from '../../lib/format';
import { TRANSCRIPTION_LANGUAGE_OPTIONS } from '../../lib/languages';
import { useSettings } from '../../queries/settings';
import { useLive } from '../../stores/live-store';
import { Captions } from './Captions';
import { LevelMeter } from './LevelMeter';
import { useElapsed } from './use-elapsed';

const STATE_LABELS = {
  idle: 'Ready',
  connecting: 'Connecting…',
  recording: 'Recording',
  stopping: 'Finishing…',
  ended: 'Session saved',
  error: 'Stopped with an error',
} as const;

function useDevices() {
  const bridge = useBridge();
  return useQuery<LiveDevices>({ queryKey: ['live', 'devices'], queryFn: () => bridge.live.devices() });
}

export function LiveScreen() {
  const bridge = useBridge();
  const devices = useDevices();
  const settings = useSettings();
  const live = useLive();
  const elapsed = useElapsed();
  const ids = { device: useId(), language: useId() };
  const [pickedDevice, setDeviceId] = useState('');
  const [language, setLanguage] = useState<string | null>(null);
  const chosenLanguage = language ?? settings.data?.preferences.defaultLanguage ?? '';

  const list = devices.data?.devices ?? [];
  const deviceId = pickedDevice || ((list.find((d) => d.isDefault) ?? list[0])?.id ?? '');

  const running = live.state === 'connecting' || live.state === 'recording' || live.state === 'stopping';

  const start = async () => {
    live.prepare();
    try {
      const params: Record<string, unknown> = {};
      if (chosenLanguage) params.language_config = { languages: [chosenLanguage] };
      const started = await bridge.live.start({ deviceId, params });
      useLive.getState().begin(started.sessionId);
    } catch (error) {
      useLive.getState().fail(errorMessage(error));
    }
  };
  const stop = async () => {
    if (!live.sessionId) return;
    try {
      await bridge.live.stop(live.sessionId);
    } catch (error) {
      useLive.getState().fail(errorMessage(error));
    }
  };

  let controls;
  if (devices.isPending) controls = <LoadingState label="Looking for microphones…" />;
  else if (devices.isError)
    controls = <ErrorState error={devices.error} onRetry={() => void devices.refetch()} />;
  else
    controls = (
      <div className="live-controls">
        <div className="field">
          <label htmlFor={ids.device}>Input device</label>
          <select
            id={ids.device}
            value={deviceId}
            disabled={running || !list.length}
            onChange={(e) => setDeviceId(e.target.value)}
          >
            {list.length === 0 && <option value="">No input device found</option>}
            {list.map((device) => (
              <option key={device.id} value={device.id}>
                {device.label}
                {device.source === 'native' ? ' (system)' : ''}
              </option>
            ))}
          </select>
          {devices.data.nativeCapture.reason && !devices.data.nativeCapture.available && (
            <span className="hint">System devices: {devices.data.nativeCapture.reason}</span>
          )}
        </div>
        <div className="field">
          <label htmlFor={ids.language}>Language</label>
          <select
            id={ids.language}
            value={chosenLanguage}
            disabled={running}
            onChange={(e) => setLanguage(e.target.value)}
          >
            <option value="">Detect automatically</option>
            {TRANSCRIPTION_LANGUAGE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        {running ? (
          <button
            type="button"
            className="button button-danger button-large"
            onClick={() => void stop()}
            disabled={live.state !== 'recording'}
          >
            <span className="rec-dot" aria-hidden="true" /> Stop
          </button>
        ) : (
          <button
            type="button"
            className="button button-primary button-large"
            onClick={() => void start()}
            disabled={!deviceId}
          >
            Start recording
          </button>
        )}
      </div>
    );

  return (
    <div className="screen">
      <header className="screen-header">
        <h1 tabIndex={-1}>Live</h1>
      </header>
      <section className="panel">{controls}</section>
      <section className="panel live-status" aria-label="Session">
        <div className="live-state" role="status">
          <span className={`state-dot state-${live.state}`} aria-hidden="true" />
          <span data-testid="live-state">{STATE_LABELS[live.state]}</span>
          <span className="clock" aria-label="Elapsed time">
            {formatClock(elapsed)}
          </span>
        </div>
        <LevelMeter />
        {live.error && (
          <p className="error-text" role="alert">
            {live.error}
          </p>
        )}
        {live.state === 'ended' && live.sessionId && (
          <p>
            The recording and its transcript are saved.{' '}
            <Link href={`/jobs/${live.sessionId}`}>Open the session</Link>
          </p>
        )}
      </section>
      <section className="panel" aria-labelledby="captions-title">
        <h2 id="captions-title">Captions</h2>
        {live.finals.length === 0 && Object.keys(live.partials).length === 0 ? (
          <p className="muted">
            {running
              ? 'Listening… captions appear as you speak.'
              : 'Press Start recording to see captions here.'}
          </p>
        ) : (
          <Captions />
        )}
      </section>
    </div>
  );
}
