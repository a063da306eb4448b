/* global registerProcessor, AudioWorkletProcessor, sampleRate */
// Runs on the audio rendering thread: hands the microphone's samples to the page in ~100 ms batches (posting each
// 128-sample quantum would mean hundreds of messages a second).
class PcmCapture extends AudioWorkletProcessor {
  constructor() {
    super();
    this.batch = new Float32Array(Math.round(sampleRate / 10));
    this.filled = 0;
  }

  process(inputs) {
    const samples = inputs[0] && inputs[0][0];
    if (samples) {
      let offset = 0;
      while (offset < samples.length) {
        const n = Math.min(samples.length - offset, this.batch.length - this.filled);
        this.batch.set(samples.subarray(offset, offset + n), this.filled);
        this.filled += n;
        offset += n;
        if (this.filled === this.batch.length) {
          this.port.postMessage(this.batch.slice(0));
          this.filled = 0;
        }
      }
    }
    return true;
  }
}

registerProcessor('pcm-capture', PcmCapture);
