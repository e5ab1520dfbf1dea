import { prepareZXingModule, BarcodeDetector as ZXingDetector } from 'barcode-detector/ponyfill';
// Vite emits the wasm under /app/assets/ and answers its URL: no CDN is ever asked at run time.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * The camera scanner, loaded only when a member opens it (its own chunk, outside the first load).
 * The phone's own BarcodeDetector when it reads QR codes (Android Chrome); else the ponyfill over
 * zxing-wasm (iOS Safari, desktop), its wasm served by us.
 */
prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
  fireImmediately: false,
});

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

async function makeDetector(): Promise<Detector> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native) {
    const formats = await native.getSupportedFormats().catch(() => [] as string[]);
    if (formats.includes('qr_code')) return new native({ formats: ['qr_code'] });
  }
  return new ZXingDetector({ formats: ['qr_code'] });
}

export type CameraFailure = 'denied' | 'no_camera' | 'unsupported' | 'failed';

/** Why the camera did not open, as the screen explains it. */
export function cameraFailure(error: unknown): CameraFailure {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'NotReadableError')
    return 'no_camera';
  if (name === 'TypeError') return 'unsupported';
  return 'failed';
}

/** After a code in continuous mode: the time to move the next pack under the camera. */
const NEXT_PACK_MS = 1500;

/**
 * Opens the back camera into `video` and reads QR codes until one is found: `onCode` gets the raw
 * value once and the camera stops. In continuous mode (a stack of packs) the camera stays open: each
 * new code is passed on once, the same label held still is not read twice. Answers a stop function
 * (leaving the screen stops the camera).
 */
export async function startScanner(
  video: HTMLVideoElement,
  onCode: (raw: string) => void,
  continuous = false,
) {
  if (!navigator.mediaDevices?.getUserMedia) throw new TypeError('no camera API');
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
  let stopped = false;
  let last: string | undefined;
  const stop = () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    video.setAttribute('playsinline', ''); // iOS Safari: inline, not full screen
    video.muted = true;
    await video.play();
    const detector = await makeDetector();
    const tick = async () => {
      if (stopped) return;
      try {
        if (video.readyState >= 2) {
          const [found] = await detector.detect(video);
          if (found?.rawValue && !stopped && found.rawValue !== last) {
            if (!continuous) {
              stop();
              onCode(found.rawValue);
              return;
            }
            last = found.rawValue;
            onCode(found.rawValue);
            setTimeout(() => void tick(), NEXT_PACK_MS);
            return;
          }
        }
      } catch {
        // A frame that could not be read: try the next one.
      }
      setTimeout(() => void tick(), 200);
    };
    void tick();
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}
