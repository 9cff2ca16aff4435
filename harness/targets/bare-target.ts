import type { Target } from './target-definition.ts';

/**
 * A target with only the fields given: no institutions, personas, alternate TPPs, capabilities,
 * browser steps or callback TLS unless named (a benchmark's bare server, a test's fixture). Target
 * files and start lines go through their parsers instead.
 */
export function bareTarget(fields: Pick<Target, 'name' | 'baseUrl' | 'tpp'> & Partial<Target>): Target {
  return {
    connect: undefined,
    ca: undefined,
    versions: [],
    institutions: [],
    tpps: {},
    personas: {},
    browserSteps: undefined,
    callbackTls: undefined,
    capabilities: [],
    sandboxPersonas: {},
    sandboxOtp: undefined,
    ...fields,
  };
}
