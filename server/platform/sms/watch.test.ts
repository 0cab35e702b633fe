import { describe, expect, it } from 'vitest';
import { SmsError, type SmsSender, type TemplatedSms } from './sender.ts';
import { FAILING_AFTER, RETRY_AFTER_MS, WatchedSms } from './watch.ts';

/** A provider that fails while `down`, and its clock. */
function watched() {
  const state = { down: true, clock: 0 };
  const fail = async () => {
    if (state.down) throw new SmsError('MSG91 could not be reached');
  };
  const sender: SmsSender = { sendOtp: fail, sendMessage: fail };
  return { state, sms: new WatchedSms(sender, 'MSG91', () => new Date(state.clock)) };
}

const MESSAGE: TemplatedSms = {
  phone: '9876543210',
  template: 'order_placed',
  variables: {},
  text: 'Your order is placed',
  idempotencyKey: 'order-1',
};

describe('the SMS provider, watched', () => {
  it('fails once FAILING_AFTER codes in a row failed, and tries again after RETRY_AFTER_MS', async () => {
    const { state, sms } = watched();
    for (let i = 1; i <= FAILING_AFTER; i += 1) {
      expect(sms.failing()).toBe(false);
      await expect(sms.sendOtp('9876543210', '123456')).rejects.toThrow(SmsError);
    }
    expect(sms.failing()).toBe(true);
    state.clock += RETRY_AFTER_MS - 1;
    expect(sms.failing()).toBe(true);
    state.clock += 1;
    expect(sms.failing()).toBe(false);
    // the retry fails too: failing again at once
    await expect(sms.sendOtp('9876543210', '123456')).rejects.toThrow(SmsError);
    expect(sms.failing()).toBe(true);
    // an order message that goes through shows the provider works
    state.down = false;
    await sms.sendMessage(MESSAGE);
    expect(sms.failing()).toBe(false);
  });

  it('does not count an order message that fails: it may be the message’s own (a template not set)', async () => {
    const { sms } = watched();
    for (let i = 0; i < FAILING_AFTER * 2; i += 1) await expect(sms.sendMessage(MESSAGE)).rejects.toThrow();
    expect(sms.failing()).toBe(false);
  });
});
