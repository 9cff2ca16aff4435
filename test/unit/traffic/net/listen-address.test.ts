import { describe, expect, it } from 'vitest';
import { isLoopback, listenWarning } from '../../../../traffic/net/listen-address.ts';

describe('isLoopback', () => {
  it('knows the loopback addresses', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1'])
      expect(isLoopback(host), host).toBe(true);
  });

  it('takes every other address for one the network reaches', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', '10.0.0.1', 'proxy.example', '128.0.0.1'])
      expect(isLoopback(host), host).toBe(false);
  });
});

describe('listenWarning', () => {
  it('warns for a non-loopback address, saying what others could do with it', () => {
    expect(listenWarning('record', '0.0.0.0')).toBe(
      'WARNING: record listens on 0.0.0.0, not on a loopback address: anyone who can reach it can make calls authenticated with the TPP certificate through the proxy. Use --host 127.0.0.1 unless you mean it.',
    );
    expect(listenWarning('replay', '192.168.1.10')).toContain(
      'anyone who can reach it can read the recorded answers',
    );
    expect(listenWarning('serve', '::')).toBe(
      'WARNING: serve listens on ::, not on a loopback address: anyone who can reach it can use the reference bank, whose PSU journey pages need no certificate. Use --host 127.0.0.1 unless you mean it.',
    );
  });

  it('stays silent on loopback', () => {
    expect(listenWarning('record', '127.0.0.1')).toBeUndefined();
    expect(listenWarning('replay', 'localhost')).toBeUndefined();
    expect(listenWarning('serve', '::1')).toBeUndefined();
  });
});
