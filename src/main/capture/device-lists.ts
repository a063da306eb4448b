// Parsers for what ffmpeg prints about capture devices. ffmpeg has no machine-readable device listing on every
// platform (`-sources` works for PulseAudio and ALSA; AVFoundation and DirectShow only log their devices), so each
// listing is parsed from its text. Sample outputs from real machines are in device-lists.test.ts.

/** An input device as a listing names it; `id` is what the platform's ffmpeg input takes to open it. */
export interface ListedDevice {
  id: string;
  name: string;
  isDefault: boolean;
}

/** ffmpeg log lines start with `[name @ 0x…] ` (`[dshow @ …]`, `[AVFoundation indev @ …]`, `[in#0 @ …]`). */
const LOG_PREFIX = /^\[[^\]]*@ *(?:0x)?[0-9a-fA-F]+\] ?/;

const lines = (text: string): string[] => text.split(/\r?\n/);

/**
 * The input devices (demuxers) an ffmpeg build has, from `ffmpeg -hide_banner -devices`:
 * ` D  pulse           Pulse audio input` / ` DE alsa            ALSA audio output` (aliases: `video4linux2,v4l2`).
 */
export function parseInputDevices(text: string): Set<string> {
  const inputs = new Set<string>();
  for (const line of lines(text)) {
    const match = /^ ([D ])([E ]) (\S+)/.exec(line);
    if (!match || match[1] !== 'D') continue;
    for (const name of match[3]!.split(',')) inputs.add(name);
  }
  return inputs;
}

/**
 * `ffmpeg -hide_banner -sources pulse|alsa`: one device a line after the heading, the default marked `*`, the
 * description in brackets and, since ffmpeg 5, the media types in parentheses:
 * `* alsa_input.pci-0000_00_1f.3.analog-stereo [Built-in Audio Analog Stereo] (audio)`.
 * A failure is a line such as `Cannot list sources: Connection refused` (with exit code 0): that throws.
 */
export function parseFfmpegSources(text: string): ListedDevice[] {
  const devices: ListedDevice[] = [];
  for (const line of lines(text)) {
    const failure = /^Cannot list sources: (.*)$/.exec(line.trim());
    if (failure) {
      // ffmpeg's PulseAudio listing reports an empty list as ENOMEM ("Cannot allocate memory").
      if (/allocate memory/i.test(failure[1]!)) continue;
      throw new Error(failure[1]);
    }
    const match = /^([* ]) (.+?) \[(.*)\](?: \(([^()]*)\))?\s*$/.exec(line);
    if (!match) continue;
    const types = match[4];
    if (types && types !== 'none' && !types.split(',').includes('audio')) continue;
    devices.push({ id: match[2]!, name: match[3]!.trim() || match[2]!, isDefault: match[1] === '*' });
  }
  return devices;
}

/**
 * ALSA's `-sources` lists every PCM its configuration defines, mostly plugins (rate converters, `null`, `jack`,
 * `upmix`). Kept: the ones bound to a sound card, and `default` when a card exists (it routes to one).
 */
export function alsaCaptureDevices(devices: ListedDevice[]): ListedDevice[] {
  const cards = devices.filter((d) => /^(?:sysdefault|hw|plughw|dsnoop|front):/.test(d.id));
  if (cards.length === 0) return [];
  const fallback = devices.find((d) => d.id === 'default');
  const kept = [...(fallback ? [fallback] : []), ...cards.filter((d) => !d.id.startsWith('hw:'))];
  // Raw `hw:` devices take only the card's native formats; `plughw:` converts and is listed instead when present.
  for (const hw of cards.filter((d) => d.id.startsWith('hw:'))) {
    if (!kept.some((d) => d.id === `plug${hw.id}`)) kept.push(hw);
  }
  const hasDefault = kept.some((d) => d.isDefault);
  return kept.map((d, i) => ({ ...d, isDefault: hasDefault ? d.isDefault : i === 0 }));
}

/**
 * `ffmpeg -f avfoundation -list_devices true -i ""` (macOS, on stderr): a video section then an audio section,
 * `[AVFoundation indev @ 0x7fe73bc22200] [2] Built-in Microphone`. The id is the audio index (`-i ":2"`).
 * AVFoundation marks no default; its `default` alias selects the system's input.
 */
export function parseAvfoundationDevices(text: string): ListedDevice[] {
  const devices: ListedDevice[] = [];
  let section: 'video' | 'audio' | null = null;
  for (const raw of lines(text)) {
    if (!LOG_PREFIX.test(raw)) continue;
    const line = raw.replace(LOG_PREFIX, '').trim();
    const heading = /^AVFoundation (video|audio) devices:?$/i.exec(line);
    if (heading) {
      section = heading[1]!.toLowerCase() as 'video' | 'audio';
      continue;
    }
    const device = /^\[(\d+)\] (.+)$/.exec(line);
    if (device && section === 'audio') devices.push({ id: device[1]!, name: device[2]!, isDefault: false });
  }
  return devices;
}

/**
 * `ffmpeg -f dshow -list_devices true -i dummy` (Windows, on stderr). Before ffmpeg 4.4 devices sit under
 * "DirectShow video devices" / "DirectShow audio devices" headings; since then each line says `(video)`,
 * `(audio)` or `(audio, video)`. Each device may be followed by `Alternative name "@device_cm_{…}\wave_{…}"`,
 * which is unique where friendly names repeat (two identical USB microphones), so it is the id when present:
 * `-i audio=<id>` accepts either. DirectShow has no notion of a default device.
 */
export function parseDshowDevices(text: string): ListedDevice[] {
  const devices: ListedDevice[] = [];
  let section: 'video' | 'audio' | null = null;
  let last: ListedDevice | null = null;
  for (const raw of lines(text)) {
    if (!LOG_PREFIX.test(raw)) continue;
    const line = raw.replace(LOG_PREFIX, '').trim();
    const heading = /^DirectShow (video|audio) devices/i.exec(line);
    if (heading) {
      section = heading[1]!.toLowerCase() as 'video' | 'audio';
      last = null;
      continue;
    }
    const alternative = /^Alternative name "(.*)"$/.exec(line);
    if (alternative) {
      if (last) last.id = alternative[1]!;
      last = null;
      continue;
    }
    const device = /^"(.*)"(?: \(([^()]*)\))?$/.exec(line);
    if (!device) continue;
    const types = device[2]?.split(',').map((t) => t.trim());
    const isAudio = types ? types.includes('audio') : section === 'audio';
    if (!isAudio || (types?.includes('none') ?? false)) {
      last = null;
      continue;
    }
    last = { id: device[1]!, name: device[1]!, isDefault: false };
    devices.push(last);
  }
  return devices;
}
