import { describe, expect, it } from 'vitest';
import {
  alsaCaptureDevices,
  parseAvfoundationDevices,
  parseDshowDevices,
  parseFfmpegSources,
  parseInputDevices,
} from './device-lists';

// Listings as ffmpeg printed them on real machines. Where a sample was published, its source is named; the Linux
// ones were captured on this project's test machine (Debian 12, ffmpeg 5.1, PulseAudio 16.1).

describe('parseInputDevices (ffmpeg -devices)', () => {
  it('finds the demuxers of Debian’s ffmpeg 5.1, pulse among them', () => {
    const debian = [
      'Devices:',
      ' D. = Demuxing supported',
      ' .E = Muxing supported',
      ' --',
      ' DE alsa            ALSA audio output',
      '  E caca            caca (color ASCII art) output device',
      ' DE fbdev           Linux framebuffer',
      ' D  iec61883        libiec61883 (new DV1394) A/V input device',
      ' D  jack            JACK Audio Connection Kit',
      ' D  lavfi           Libavfilter virtual input device',
      '  E opengl          OpenGL output',
      ' DE pulse           Pulse audio output',
      '  E sdl,sdl2        SDL2 output device',
      ' DE video4linux2,v4l2 Video4Linux2 output device',
      ' D  x11grab         X11 screen capture, using XCB',
    ].join('\n');
    const inputs = parseInputDevices(debian);
    expect(inputs.has('pulse')).toBe(true);
    expect(inputs.has('alsa')).toBe(true);
    expect(inputs.has('v4l2')).toBe(true);
    expect(inputs.has('caca')).toBe(false);
    expect(inputs.has('sdl')).toBe(false);
    // The legend lines are not devices.
    expect(inputs.has('=')).toBe(false);
  });

  it('finds no pulse in the static build @ffmpeg-installer ships', () => {
    const bundled = [
      'Devices:',
      ' D. = Demuxing supported',
      ' .E = Muxing supported',
      ' --',
      ' DE alsa            ALSA audio output',
      ' DE fbdev           Linux framebuffer',
      ' D  lavfi           Libavfilter virtual input device',
      ' DE oss             OSS (Open Sound System) playback',
      ' DE video4linux2,v4l2 Video4Linux2 output device',
      ' D  x11grab         X11 screen capture, using XCB',
    ].join('\n');
    expect([...parseInputDevices(bundled)].sort()).toEqual(
      ['alsa', 'fbdev', 'lavfi', 'oss', 'v4l2', 'video4linux2', 'x11grab'].sort(),
    );
  });
});

describe('parseFfmpegSources (ffmpeg -sources pulse|alsa)', () => {
  it('reads a PulseAudio listing with its default', () => {
    const pulse = [
      'Auto-detected sources for pulse:',
      '* virtmic [Unix FIFO source /tmp/pa-exp.7ibo/mic2.fifo] (none)',
      '  virtmic2 [Unix FIFO source /tmp/pa-exp.7ibo/mic.fifo] (none)',
    ].join('\n');
    expect(parseFfmpegSources(pulse)).toEqual([
      { id: 'virtmic', name: 'Unix FIFO source /tmp/pa-exp.7ibo/mic2.fifo', isDefault: true },
      { id: 'virtmic2', name: 'Unix FIFO source /tmp/pa-exp.7ibo/mic.fifo', isDefault: false },
    ]);
  });

  it('keeps monitors (system audio) and reads listings with or without media types', () => {
    // Source names and descriptions from `pacmd list-sources` in wwmm/easyeffects#872 (Fedora 33).
    const desktop = [
      'Auto-detected sources for pulse:',
      '  alsa_output.pci-0000_00_1f.3.analog-stereo.monitor [Monitor of Built-in Audio Analog Stereo] (audio)',
      '* alsa_input.pci-0000_00_1f.3.analog-stereo [Built-in Audio Analog Stereo] (audio)',
    ].join('\n');
    expect(parseFfmpegSources(desktop)).toEqual([
      {
        id: 'alsa_output.pci-0000_00_1f.3.analog-stereo.monitor',
        name: 'Monitor of Built-in Audio Analog Stereo',
        isDefault: false,
      },
      {
        id: 'alsa_input.pci-0000_00_1f.3.analog-stereo',
        name: 'Built-in Audio Analog Stereo',
        isDefault: true,
      },
    ]);
    // ffmpeg 4.x prints no media types.
    const old =
      'Auto-detected sources for alsa:\n  null [Discard all samples (playback) or generate zero samples (capture)]\n';
    expect(parseFfmpegSources(old)).toEqual([
      {
        id: 'null',
        name: 'Discard all samples (playback) or generate zero samples (capture)',
        isDefault: false,
      },
    ]);
  });

  it('throws what ffmpeg says when the server is unreachable, and reads an empty list as empty', () => {
    const unreachable =
      'Auto-detected sources for pulse:\nCannot list sources: Generic error in an external library\n';
    expect(() => parseFfmpegSources(unreachable)).toThrow('Generic error in an external library');
    // What ffmpeg prints for a server with no sources at all.
    const empty = 'Auto-detected sources for pulse:\nCannot list sources: Cannot allocate memory\n';
    expect(parseFfmpegSources(empty)).toEqual([]);
  });
});

describe('alsaCaptureDevices', () => {
  it('drops plugins, and everything, on a machine without a sound card', () => {
    // Debian 12's ffmpeg in a container with no /proc/asound.
    const noCards = [
      'Auto-detected sources for alsa:',
      '  null [Discard all samples (playback) or generate zero samples (capture)] (none)',
      '* default [Playback/recording through the PulseAudio sound server] (none)',
      '  lavrate [Rate Converter Plugin Using Libav/FFmpeg Library] (none)',
      '  samplerate [Rate Converter Plugin Using Samplerate Library] (none)',
      '  jack [JACK Audio Connection Kit] (none)',
      '  pulse [PulseAudio Sound Server] (none)',
      '  upmix [Plugin for channel upmix (4,6,8)] (none)',
    ].join('\n');
    expect(alsaCaptureDevices(parseFfmpegSources(noCards))).toEqual([]);
  });

  it('keeps default and the card’s capture PCMs, preferring plughw to hw', () => {
    // PCM names from `arecord -L` in larsimmisch/pyalsaaudio#97 (HDA Intel PCH, ALC255), in ffmpeg's layout.
    const laptop = [
      'Auto-detected sources for alsa:',
      '* default [Playback/recording through the PulseAudio sound server] (none)',
      '  null [Discard all samples (playback) or generate zero samples (capture)] (none)',
      '  pulse [PulseAudio Sound Server] (none)',
      '  sysdefault:CARD=PCH [Default Audio Device] (none)',
      '  dsnoop:CARD=PCH,DEV=0 [Direct sample snooping device] (none)',
      '  hw:CARD=PCH,DEV=0 [Direct hardware device without any conversions] (none)',
      '  plughw:CARD=PCH,DEV=0 [Hardware device with all software conversions] (none)',
      '  hw:CARD=Device,DEV=0 [Direct hardware device without any conversions] (none)',
    ].join('\n');
    expect(alsaCaptureDevices(parseFfmpegSources(laptop)).map((d) => [d.id, d.isDefault])).toEqual([
      ['default', true],
      ['sysdefault:CARD=PCH', false],
      ['dsnoop:CARD=PCH,DEV=0', false],
      ['plughw:CARD=PCH,DEV=0', false],
      ['hw:CARD=Device,DEV=0', false],
    ]);
  });
});

describe('parseAvfoundationDevices (macOS)', () => {
  it('reads the audio section only, ids being the indexes', () => {
    // From mipops/dvrescue#67 (ffmpeg 4.2 on macOS, with a virtual audio plug-in's debug lines around it).
    const listing = [
      '2020-04-29 10:43:54.878 ffmpeg[56121:3721878] elt 0',
      '[AVFoundation indev @ 0x7fe73bc22200] AVFoundation video devices:',
      '[AVFoundation indev @ 0x7fe73bc22200] [0] CamTwist',
      '[AVFoundation indev @ 0x7fe73bc22200] [1] FaceTime HD Camera (Built-in)',
      '[AVFoundation indev @ 0x7fe73bc22200] [2] CamTwist (2VUY)',
      '[AVFoundation indev @ 0x7fe73bc22200] [3] DV-VCR',
      '[AVFoundation indev @ 0x7fe73bc22200] [4] Capture screen 0',
      '[AVFoundation indev @ 0x7fe73bc22200] AVFoundation audio devices:',
      '[AVFoundation indev @ 0x7fe73bc22200] [0] Description',
      '[AVFoundation indev @ 0x7fe73bc22200] [1] Jaybird Tarah Pro',
      '[AVFoundation indev @ 0x7fe73bc22200] [2] Built-in Microphone',
      'hi: Input/output error',
      '2020-04-29 10:43:54.892 ffmpeg[56121:3721878] MyPlugTeardown',
    ].join('\n');
    expect(parseAvfoundationDevices(listing)).toEqual([
      { id: '0', name: 'Description', isDefault: false },
      { id: '1', name: 'Jaybird Tarah Pro', isDefault: false },
      { id: '2', name: 'Built-in Microphone', isDefault: false },
    ]);
  });

  it('reads the later prefix and CRLF line ends', () => {
    // Written in the layout of ffmpeg 5+ (the input's log name became "AVFoundation input device").
    const listing =
      '[AVFoundation input device @ 0x600001d6c000] AVFoundation video devices:\r\n' +
      '[AVFoundation input device @ 0x600001d6c000] [0] FaceTime HD Camera\r\n' +
      '[AVFoundation input device @ 0x600001d6c000] AVFoundation audio devices:\r\n' +
      '[AVFoundation input device @ 0x600001d6c000] [0] MacBook Pro Microphone\r\n' +
      ': Input/output error\r\n';
    expect(parseAvfoundationDevices(listing)).toEqual([
      { id: '0', name: 'MacBook Pro Microphone', isDefault: false },
    ]);
  });
});

describe('parseDshowDevices (Windows)', () => {
  it('reads the sectioned listing of ffmpeg before 4.4, without alternative names', () => {
    // From trac.ffmpeg.org/wiki/DirectShow (ffmpeg N-45279, 2012).
    const listing = [
      '[dshow @ 03ACF580] DirectShow video devices',
      '[dshow @ 03ACF580]  "Integrated Camera"',
      '[dshow @ 03ACF580]  "screen-capture-recorder"',
      '[dshow @ 03ACF580] DirectShow audio devices',
      '[dshow @ 03ACF580]  "Internal Microphone (Conexant 2"',
      '[dshow @ 03ACF580]  "virtual-audio-capturer"',
      'dummy: Immediate exit requested',
    ].join('\r\n');
    expect(parseDshowDevices(listing)).toEqual([
      { id: 'Internal Microphone (Conexant 2', name: 'Internal Microphone (Conexant 2', isDefault: false },
      { id: 'virtual-audio-capturer', name: 'virtual-audio-capturer', isDefault: false },
    ]);
  });

  it('takes the alternative name as id (ffmpeg 3.2, non-ASCII names)', () => {
    // From blog.naturalwill.me/2017/05/05/ffmpeg-notes (ffmpeg 3.2.4).
    const listing = [
      '[dshow @ 00000000001c23c0] DirectShow video devices (some may be both video and audio devices)',
      '[dshow @ 00000000001c23c0] "Integrated Webcam"',
      '[dshow @ 00000000001c23c0] Alternative name "@device_pnp_\\\\?\\usb#vid_0c45&pid_6448&mi_00#7&2645f9e4&0&0000#{65e8773d-8f56-11d0-a3b9-00a0c9223196}\\global"',
      '[dshow @ 00000000001c23c0] DirectShow audio devices',
      '[dshow @ 00000000001c23c0] "麦克风 (High Definition Audio 设备)"',
      '[dshow @ 00000000001c23c0] Alternative name "@device_cm_{33D9A762-90C8-11D0-BD43-00A0C911CE86}\\wave_{E26AD2BE-B335-41EC-BED5-40F982F21FF7}"',
      '[dshow @ 00000000001c23c0] "virtual-audio-capturer"',
      '[dshow @ 00000000001c23c0] Alternative name "@device_sw_{33D9A762-90C8-11D0-BD43-00A0C911CE86}\\{8E146464-DB61-4309-AFA1-3578E927E935}"',
      'dummy: Immediate exit requested',
    ].join('\n');
    expect(parseDshowDevices(listing)).toEqual([
      {
        id: '@device_cm_{33D9A762-90C8-11D0-BD43-00A0C911CE86}\\wave_{E26AD2BE-B335-41EC-BED5-40F982F21FF7}',
        name: '麦克风 (High Definition Audio 设备)',
        isDefault: false,
      },
      {
        id: '@device_sw_{33D9A762-90C8-11D0-BD43-00A0C911CE86}\\{8E146464-DB61-4309-AFA1-3578E927E935}',
        name: 'virtual-audio-capturer',
        isDefault: false,
      },
    ]);
  });

  it('tells identical friendly names apart by their alternative names', () => {
    // From spatialaudio/python-sounddevice#45 (two microphones with the same name); the second alternative name
    // is cut short there and completed here.
    const listing = [
      '[dshow @ 00000193d788a8a0] DirectShow audio devices',
      '[dshow @ 00000193d788a8a0]  "Микрофон (Устройство с поддержкой High Definition Audio)"',
      '[dshow @ 00000193d788a8a0]     Alternative name "@device_cm_{33D9A762-90C8-11D0-BD43-00A0C911CE86}\\wave_{A63B8A2D-19F7-4D35-AFA7-0C750E7B6595}"',
      '[dshow @ 00000193d788a8a0]  "Микрофон (Устройство с поддержкой High Definition Audio)"',
      '[dshow @ 00000193d788a8a0]     Alternative name "@device_cm_{33D9A762-90C8-11D0-BD43-00A0C911CE86}\\wave_{293B27B7-BDD1-4B42-9E1A-000000000000}"',
    ].join('\n');
    const devices = parseDshowDevices(listing);
    expect(devices).toHaveLength(2);
    expect(devices[0]!.name).toBe(devices[1]!.name);
    expect(devices[0]!.id).not.toBe(devices[1]!.id);
  });

  it('reads the typed listing of ffmpeg 4.4+ with mixed prefixes (ffmpeg 8)', () => {
    // The first four lines are from ShareX/ShareX#8442 (BtbN master build, 2026: the log prefix changes to
    // [in#0 @ …] mid-listing); the others are written in the same format for the remaining media types.
    const listing = [
      '[in#0 @ 000001bd07e70b00] "screen-capture-recorder" (video)',
      '[in#0 @ 000001bd07e70b00]   Alternative name "@device_sw_{860BB310-5D01-11D0-BD3B-00A0C911CE86}\\{4EA69364-2C8A-4AE6-A561-56E4B5044439}"',
      '[dshow @ 000002798dd4fb80] "virtual-audio-capturer" (audio)',
      '[dshow @ 000002798dd4fb80]   Alternative name "@device_sw_{33D9A762-90C8-11D0-BD43-00A0C911CE86}\\{8E146464-DB61-4309-AFA1-3578E927E935}"',
      '[dshow @ 000002798dd4fb80] "Microphone (Realtek(R) Audio)" (audio)',
      '[dshow @ 000002798dd4fb80]   Alternative name "@device_cm_{33D9A762-90C8-11D0-BD43-00A0C911CE86}\\wave_{7B4C4A1E-5D4F-4B57-9A26-2C1F1C0B8D11}"',
      '[dshow @ 000002798dd4fb80] "OBS Virtual Camera" (none)',
      '[dshow @ 000002798dd4fb80] "Elgato HD60 X" (audio, video)',
      'Error opening input file dummy.',
    ].join('\n');
    expect(parseDshowDevices(listing).map((d) => d.name)).toEqual([
      'virtual-audio-capturer',
      'Microphone (Realtek(R) Audio)',
      'Elgato HD60 X',
    ]);
    expect(parseDshowDevices(listing)[1]!.id).toMatch(/^@device_cm_/);
    // A device without an alternative name keeps its friendly name as id.
    expect(parseDshowDevices(listing)[2]!.id).toBe('Elgato HD60 X');
  });
});
