import { EXPORT_FORMATS, type ExportFormat } from '../../../../shared/ipc/jobs';
import { saveFile } from '../../lib/download';
import { errorMessage } from '../../lib/errors';
import { useExportJob } from '../../queries/jobs';
import { useAnnouncer } from '../../stores/announcer-store';

export function ExportButtons({ jobId }: { jobId: string }) {
  const exportJob = useExportJob();
  const announce = useAnnouncer((s) => s.announce);
  const run = (format: ExportFormat) =>
    exportJob.mutate(
      { id: jobId, format },
      {
        onSuccess: (file) => {
          saveFile(file);
          announce(`Exported ${file.filename}`);
        },
        onError: (error) => announce(`Export failed: ${errorMessage(error)}`, 'error'),
      },
    );
  return (
    <div className="button-group" role="group" aria-label="Export">
      <span className="muted small">Export</span>
      {EXPORT_FORMATS.map((format) => (
        <button
          key={format}
          type="button"
          className="button button-small"
          disabled={exportJob.isPending}
          onClick={() => run(format)}
          aria-label={`Export as ${format.toUpperCase()}`}
        >
          {format.toUpperCase()}
        </button>
      ))}
    </div>
  );
}
