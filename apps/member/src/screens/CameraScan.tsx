import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CameraFailure } from '../scanner/detector';

/**
 * The camera view: the scanner's chunk (the detector and its wasm) is fetched only when the member
 * opens it. A refused or missing camera is said plainly; typing the code stays below as the fallback.
 */
export function CameraScan({
  onCode,
  onClose,
  continuous = false,
}: {
  onCode: (raw: string) => void;
  onClose: () => void;
  /** Keep the camera open after each code (a stack of packs). */
  continuous?: boolean;
}) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<'starting' | 'looking' | CameraFailure>('starting');

  useEffect(() => {
    let stop: (() => void) | undefined;
    let left = false;
    import('../scanner/detector')
      .then(async ({ startScanner, cameraFailure }) => {
        if (left || !video.current) return;
        try {
          stop = await startScanner(video.current, onCode, continuous);
          if (left) stop();
          else setState('looking');
        } catch (error) {
          if (!left) setState(cameraFailure(error));
        }
      })
      .catch(() => !left && setState('failed'));
    return () => {
      left = true;
      stop?.();
    };
  }, [onCode, continuous]);

  const failed = state !== 'starting' && state !== 'looking';
  return (
    <div className="camera">
      <video ref={video} hidden={failed} aria-label={t('camera.view')} muted playsInline />
      <p className={failed ? 'notice bad' : 'hint'} role={failed ? 'alert' : 'status'}>
        {t(`camera.${state}`)}
      </p>
      <button type="button" onClick={onClose}>
        {t('camera.close')}
      </button>
    </div>
  );
}
