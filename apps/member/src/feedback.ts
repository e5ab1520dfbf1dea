/**
 * What a scan feels like in the hand: a short buzz and a beep when a code is credited (a long buzz
 * when it is not), as the payment apps do. Either may be missing (iOS has no vibration; a browser may
 * refuse sound before a tap): the words on the screen stay the answer.
 */
let audio: AudioContext | undefined;

function beep(frequency: number, seconds: number) {
  try {
    const Context =
      window.AudioContext ??
      (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
    if (!Context) return;
    audio ??= new Context();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + seconds);
  } catch {
    // No sound on this phone: the screen says it.
  }
}

export function scanFeedback(credited: boolean) {
  navigator.vibrate?.(credited ? [60] : [200, 80, 200]);
  if (credited) beep(880, 0.15);
}
