import type { Target } from '../../../harness/targets/target-definition.ts';
import type { Har } from '../../../traffic/har/har.ts';
import { finishRecording } from '../../../traffic/record/finish-recording.ts';
import { startRecorder } from '../../../traffic/record/recorder.ts';

/** A recording proxy in front of a target: the target as a client dials it through the proxy. */
export interface RecordingProxy {
  /** `target` with `connect` and `ca` of the proxy. */
  readonly through: Target;
  /** Stops the proxy and returns what it recorded, redacted. */
  finish(): Promise<Har>;
}

/** Starts the recording proxy of `stet-harness record` in front of `target`, its TLS issued by `ca`. */
export async function startRecordingProxy(
  target: Target,
  ca: { key: string; cert: string },
): Promise<RecordingProxy> {
  const recorder = await startRecorder({
    ca,
    upstream: {
      baseUrl: target.baseUrl,
      connect: target.connect,
      ca: target.ca,
      clientCertificate: target.tpp.qwac,
    },
  });
  return {
    through: { ...target, connect: { host: '127.0.0.1', port: recorder.port }, ca: ca.cert },
    finish: async () => finishRecording(await recorder.stop(), { redact: true, toolVersion: 'test' }).har,
  };
}
