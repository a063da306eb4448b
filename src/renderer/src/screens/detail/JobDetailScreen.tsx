import { useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ApiJob } from '../../../../shared/ipc/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { CopyButton } from '../../components/CopyButton';
import { ProgressBar } from '../../components/ProgressBar';
import { ErrorState, LoadingState } from '../../components/States';
import { StatusBadge } from '../../components/StatusBadge';
import { errorInfo, errorMessage } from '../../lib/errors';
import { formatDateTime, formatDuration } from '../../lib/format';
import { languageName } from '../../lib/languages';
import { transcriptText } from '../../lib/transcript';
import { isActive, useDeleteJob, useJob } from '../../queries/jobs';
import { useAnnouncer } from '../../stores/announcer-store';
import { AddonPanels } from './AddonPanels';
import { ExportButtons } from './ExportButtons';
import { TranscriptView } from './TranscriptView';
import { VoicesSummary } from './VoicesSummary';

const titleOf = (job: ApiJob) =>
  job.kind === 'live'
    ? `Live session, ${formatDateTime(job.created_at)}`
    : (job.file?.filename ?? `Job ${job.id.slice(0, 8)}`);

function Facts({ job }: { job: ApiJob }) {
  const params = job.request_params ?? {};
  const languages = job.result?.transcription?.languages ?? [];
  const facts: [string, string][] = [
    ['Created', formatDateTime(job.created_at)],
    ['Length', formatDuration(job.result?.metadata.audio_duration ?? job.file?.audio_duration)],
    [
      'Channels',
      String(job.result?.metadata.number_of_distinct_channels ?? job.file?.number_of_channels ?? '—'),
    ],
    ['Model', typeof params.model === 'string' ? params.model : '—'],
    ['Languages', languages.length ? languages.map(languageName).join(', ') : '—'],
  ];
  if (job.result?.metadata.transcription_time !== undefined)
    facts.push(['Processing time', formatDuration(job.result.metadata.transcription_time)]);
  return (
    <dl className="facts">
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Subtitles({ job }: { job: ApiJob }) {
  const subtitles = job.result?.transcription?.subtitles;
  if (!subtitles?.length) return null;
  return (
    <details className="panel addon-panel" data-addon="subtitles">
      <summary>
        <h3>Subtitles</h3>
      </summary>
      {subtitles.map((s) => (
        <section key={s.format}>
          <h4>{s.format.toUpperCase()}</h4>
          <pre className="json">{s.subtitles}</pre>
        </section>
      ))}
    </details>
  );
}

function Body({
  job,
  progress,
  audioUrl,
}: {
  job: ApiJob;
  progress: number | null;
  audioUrl: string | null;
}) {
  const audio = useRef<HTMLAudioElement>(null);
  const [follow, setFollow] = useState(true);
  if (isActive(job.status))
    return (
      <div className="panel state" role="status">
        <p>{job.status === 'queued' ? 'Waiting for a free engine…' : 'Transcribing…'}</p>
        <ProgressBar value={job.status === 'queued' ? null : progress} label="Transcription progress" />
      </div>
    );
  if (job.status === 'error') {
    const reason = job.post_session_metadata?.error;
    return (
      <div className="panel state state-error" role="alert">
        <p className="state-title">The transcription failed{job.error_code ? ` (${job.error_code})` : ''}</p>
        <p>{typeof reason === 'string' ? reason : 'No reason was recorded.'}</p>
      </div>
    );
  }
  const transcription = job.result?.transcription;
  const channels = job.result?.metadata.number_of_distinct_channels ?? 1;
  const utterances = transcription?.utterances ?? [];
  return (
    <>
      {audioUrl ? (
        <audio
          ref={audio}
          className="player"
          controls
          preload="metadata"
          src={audioUrl}
          aria-label="Recording"
        />
      ) : (
        <p className="muted">The audio of this job is not available.</p>
      )}
      <div className="detail-grid">
        <section className="panel transcript-panel" aria-labelledby="transcript-title">
          <div className="panel-head">
            <h2 id="transcript-title">Transcript</h2>
            <div className="header-actions">
              {audioUrl && utterances.length > 0 && (
                <label className="check small">
                  <input
                    type="checkbox"
                    checked={follow}
                    onChange={(event) => setFollow(event.target.checked)}
                  />
                  Follow playback
                </label>
              )}
              {utterances.length > 0 && (
                <CopyButton text={transcriptText(utterances, channels)} label="Copy transcript" />
              )}
            </div>
          </div>
          <VoicesSummary utterances={utterances} channels={channels} />
          {utterances.length ? (
            <TranscriptView
              utterances={utterances}
              channels={channels}
              audioRef={audio}
              canPlay={!!audioUrl}
              follow={follow}
            />
          ) : (
            <p className="muted">No speech was recognised in this recording.</p>
          )}
        </section>
        <div className="side-panels">
          <Subtitles job={job} />
          {job.result && <AddonPanels result={job.result} />}
        </div>
      </div>
    </>
  );
}

export function JobDetailScreen({ id }: { id: string }) {
  const query = useJob(id);
  const remove = useDeleteJob();
  const [, navigate] = useLocation();
  const announce = useAnnouncer((s) => s.announce);
  const [confirming, setConfirming] = useState(false);

  if (query.isPending) return <LoadingState label="Loading the job…" />;
  if (query.isError) {
    const notFound = errorInfo(query.error).status === 404;
    return (
      <div className="screen">
        <h1 tabIndex={-1}>{notFound ? 'Job not found' : 'Job'}</h1>
        {notFound ? (
          <p>
            This job does not exist or was deleted. <Link href="/">Back to the jobs</Link>
          </p>
        ) : (
          <ErrorState error={query.error} onRetry={() => void query.refetch()} />
        )}
      </div>
    );
  }
  const { job, progress, audioUrl } = query.data;
  const onDelete = () =>
    remove.mutate(job.id, {
      onSuccess: () => {
        announce(`Deleted ${titleOf(job)}`);
        navigate('/');
      },
      onError: (error) => announce(`Could not delete: ${errorMessage(error)}`, 'error'),
      onSettled: () => setConfirming(false),
    });

  return (
    <div className="screen" data-job-status={job.status}>
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <Link href="/">Jobs</Link> <span aria-hidden="true">›</span>
      </nav>
      <header className="screen-header">
        <div>
          <h1 tabIndex={-1}>{titleOf(job)}</h1>
          <div className="header-meta">
            <StatusBadge status={job.status} />
            <span className={`kind kind-${job.kind}`}>{job.kind === 'live' ? 'Live' : 'File'}</span>
          </div>
        </div>
        <div className="header-actions">
          {job.status === 'done' && <ExportButtons jobId={job.id} />}
          <button
            type="button"
            className="button button-quiet"
            disabled={isActive(job.status)}
            onClick={() => setConfirming(true)}
          >
            Delete
          </button>
        </div>
      </header>
      <Facts job={job} />
      <Body job={job} progress={progress} audioUrl={audioUrl} />
      <ConfirmDialog
        open={confirming}
        title="Delete this job?"
        confirmLabel="Delete"
        busy={remove.isPending}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      >
        <p>The transcript and the audio will be removed from this computer. This cannot be undone.</p>
      </ConfirmDialog>
    </div>
  );
}
