/**
 * A bundled list of common passwords (docs/product/accounts.md#password-rules: "a password on a bundled list of common passwords is refused").
 * Compared in lower case. It holds the classic leaked top list and the "Word + year + symbol" patterns that
 * satisfy the composition rules yet are the first guesses of any password sprayer.
 */
const CLASSIC = `123456 password 123456789 12345678 12345 qwerty 1234567 111111 1234567890 123123 abc123 1234 password1
iloveyou 1q2w3e4r 000000 qwerty123 zaq12wsx dragon sunshine princess letmein 654321 monkey 27653 1qaz2wsx 123321
qwertyuiop superman asdfghjkl trustno1 football baseball welcome shadow master michael jennifer 666666 jordan23
hunter2 starwars freedom whatever qazwsx ninja mustang access batman passw0rd p@ssw0rd p@ssword admin administrator
changeme letmein1 welcome1 secret login solo charlie aa123456 donald loveme bailey flower hottie lovely
1qaz@wsx#edc p@ssw0rd123! p@55w0rd1234 qwerty123456 qwerty12345! abcd1234!@#$ 1q2w3e4r5t6y correcthorsebatterystaple
ilovetractors johndeere123 letmein12345 welcome12345 changeme1234 administrator1`;

const WORDS = [
  'welcome',
  'summer',
  'winter',
  'spring',
  'autumn',
  'football',
  'baseball',
  'iloveyou',
  'sunshine',
  'princess',
  'dragon',
  'monkey',
  'letmein',
  'trustno1',
  'master',
  'shadow',
  'michael',
  'jennifer',
  'tractor',
  'farmer',
  'johndeere',
  'admin',
  'changeme',
  'qwerty',
  'fieldlot',
  'harvest',
  'america',
  'freedom',
  'december',
  'november',
  'january',
  'february',
  'october',
  'september',
];
const SUFFIXES = ['!', '!!', '@', '#', '$', '!@', '!@#', '*'];

function variants(): string[] {
  const out: string[] = [];
  for (const word of WORDS) {
    for (let year = 2015; year <= 2030; year++) {
      for (const s of SUFFIXES) {
        out.push(`${word}${year}${s}`, `${word}@${year}${s}`, `${s}${word}${year}`);
      }
    }
  }
  return out;
}

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  ...CLASSIC.split(/\s+/).filter(Boolean),
  ...variants(),
]);
