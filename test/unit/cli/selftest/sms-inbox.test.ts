import { describe, expect, it } from 'vitest';
import { SmsInbox } from '../../../../cli/selftest/sms-inbox.ts';

const alice = { institution: '10101', persona: 'alice' };

describe('SmsInbox', () => {
  it('reads the last code a request of the reference sent to the phone', async () => {
    const inbox = new SmsInbox();
    inbox.receive('[req-1] SMS to PSU alice at 10101: one-time code 111111');
    inbox.receive('[req-2] SMS to PSU alice at 10101: one-time code 222222');
    expect(await inbox.hold(alice, async (lastCode) => Promise.resolve(lastCode()))).toBe('222222');
  });

  it('keeps the phones of each PSU at each institution apart and ignores other log lines', async () => {
    const inbox = new SmsInbox();
    inbox.receive('SMS to PSU alice at 20202: one-time code 333333');
    inbox.receive('[req-3] SMS to PSU bob at 10101: one-time code 444444');
    inbox.receive('[req-4] refused 401 invalid_token GET /stet/psd2/v1/accounts');
    expect(await inbox.hold(alice, async (lastCode) => Promise.resolve(lastCode()))).toBeUndefined();
    expect(
      await inbox.hold({ institution: '20202', persona: 'alice' }, async (lastCode) =>
        Promise.resolve(lastCode()),
      ),
    ).toBe('333333');
  });

  it('lets one journey of a phone finish before the next starts, even when the first fails', async () => {
    const inbox = new SmsInbox();
    const order: string[] = [];
    let release: () => void = () => undefined;
    const first = inbox.hold(alice, async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (release = resolve));
      order.push('first ends');
      throw new Error('journey failed');
    });
    const second = inbox.hold(alice, async () => {
      order.push('second starts');
      return Promise.resolve('done');
    });
    const other = inbox.hold({ institution: '20202', persona: 'alice' }, async () => {
      order.push('other phone');
      return Promise.resolve();
    });
    await other;
    release();
    await expect(first).rejects.toThrow('journey failed');
    expect(await second).toBe('done');
    expect(order).toEqual(['first starts', 'other phone', 'first ends', 'second starts']);
  });
});
