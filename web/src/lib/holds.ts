// told as the shop's customers live it (shown in Asia/Kolkata), on a 24-hour clock
const clock = new Intl.DateTimeFormat('en-IN', {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'Asia/Kolkata',
});

/**
 * "In someone's bag: may be back at 14:05": units no one can buy only because a shopper's unpaid
 * checkout holds them, and when that hold ends (decision 054), in India time.
 */
export function inSomeonesBag(until: string): string {
  return `In someone's bag: may be back at ${clock.format(new Date(until))}`;
}
