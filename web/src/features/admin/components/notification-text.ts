import { plural } from '@/lib/format';

/** "Successfully sent 1 John Deere notification!" / "Successfully sent 3 daily notifications!" */
export const sentText = (n: number, what: string) =>
  `Successfully sent ${plural(n, `${what} notification`)}!`;
