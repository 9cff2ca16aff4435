import { parseServeInfo, targetFromServeInfo, type Target } from '../harness/index.ts';
import { startEmbeddedReference, type EmbeddedReferenceOptions } from './embedded-reference.ts';

/** The embedded reference as a harness target, and how to stop it. */
export interface EmbeddedTarget {
  readonly target: Target;
  close(): Promise<void>;
}

/**
 * Starts the embedded reference (a child `serve`, see {@link startEmbeddedReference}) and reads its
 * start line into a target, so every command that defaults to it (`run`, `load`) gets the same one.
 * The child is stopped again when its start line cannot be read as a target.
 */
export async function startEmbeddedTarget(options: EmbeddedReferenceOptions = {}): Promise<EmbeddedTarget> {
  const reference = await startEmbeddedReference(options);
  try {
    return {
      target: targetFromServeInfo(parseServeInfo(reference.info), { name: 'embedded reference' }),
      close: () => reference.close(),
    };
  } catch (error) {
    await reference.close();
    throw error;
  }
}
