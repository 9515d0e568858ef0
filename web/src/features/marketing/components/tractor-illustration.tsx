/** A row-crop tractor in a field at dawn, drawn inline so the hero needs no image download. */
export function TractorIllustration({ className }: { className?: string }) {
  const body = '#2f8f4e';
  const bodyDark = '#1f6b39';
  const steel = '#2c3530';
  const tyre = '#161a17';
  const gold = '#f5b82e';
  const goldDark = '#c98a0c';
  const glass = '#bfe3da';
  return (
    <svg viewBox="0 0 520 340" className={className} aria-hidden="true">
      {/* sky, sun and rolling field */}
      <circle cx="440" cy="74" r="46" fill={gold} opacity=".9" />
      <circle cx="440" cy="74" r="70" fill={gold} opacity=".12" />
      <path d="M0 250 C120 214 230 236 330 220 S480 196 520 206 V300 H0Z" fill="#155e32" />
      <path d="M0 272 C140 250 300 266 520 244 V300 H0Z" fill="#1a6d3a" />
      <rect y="298" width="520" height="42" fill="#0f3f22" />
      <g stroke="#1a6d3a" strokeWidth="2">
        <path d="M0 312 H520" />
        <path d="M0 324 H520" />
        <path d="M0 336 H520" />
      </g>
      <ellipse cx="270" cy="301" rx="205" ry="7" fill="#000" opacity=".3" />

      {/* three-point hitch */}
      <path
        d="M108 226 L70 254 L70 276 M100 246 L70 268"
        stroke={steel}
        strokeWidth="7"
        strokeLinecap="round"
        fill="none"
      />

      {/* cab: frame, glass, roof */}
      <path d="M116 78 H238 L248 196 H110Z" fill={body} />
      <path d="M124 88 H172 V184 H119Z" fill={glass} opacity=".9" />
      <path d="M180 88 H231 L239 184 H180Z" fill={glass} opacity=".9" />
      <path d="M130 88 H150 L124 130 V108Z M188 88 H204 L180 120 V100Z" fill="#fff" opacity=".45" />
      <path d="M214 146 L226 122" stroke={steel} strokeWidth="5" strokeLinecap="round" />
      <path d="M100 64 H252 a6 6 0 0 1 6 6 V78 H94 V70 a6 6 0 0 1 6 -6Z" fill="#f3f4f1" />
      <rect x="94" y="76" width="164" height="4" fill="#c9cec7" />

      {/* engine hood, exhaust, air intake */}
      <rect x="180" y="212" width="232" height="26" rx="4" fill={steel} />
      <rect x="344" y="104" width="10" height="58" rx="2" fill={steel} />
      <rect x="341" y="98" width="16" height="8" rx="2" fill={steel} />
      <rect x="302" y="128" width="12" height="34" rx="2" fill={steel} />
      <rect x="298" y="122" width="20" height="9" rx="3" fill={steel} />
      <path d="M240 156 L404 164 Q420 166 420 182 V224 H240Z" fill={body} />
      <path d="M240 156 L404 164 Q414 165 418 172 L240 166Z" fill="#46b36a" />
      <rect x="240" y="194" width="176" height="7" fill={gold} />
      <rect x="412" y="172" width="12" height="50" rx="2" fill={tyre} />
      <g stroke="#3b453f" strokeWidth="2">
        <path d="M414 182 H422 M414 192 H422 M414 202 H422 M414 212 H422" />
      </g>
      <rect x="404" y="174" width="10" height="8" rx="2" fill="#fff7d6" />
      {/* front weights */}
      <rect x="424" y="200" width="26" height="30" rx="3" fill={steel} />
      <path d="M431 202 V228 M437 202 V228 M443 202 V228" stroke="#434d47" strokeWidth="2" />

      {/* rear fender and steps */}
      <path d="M84 236 A76 76 0 0 1 236 236 H226 A66 66 0 0 0 94 236Z" fill={bodyDark} />
      <path d="M240 200 V250 M240 220 H252 M240 238 H252" stroke={steel} strokeWidth="4" />

      {/* rear wheel */}
      <circle cx="160" cy="236" r="64" fill={tyre} />
      <circle cx="160" cy="236" r="60" fill="none" stroke="#2a302c" strokeWidth="8" strokeDasharray="9 7" />
      <circle cx="160" cy="236" r="48" fill="#23282a" />
      <circle cx="160" cy="236" r="37" fill={gold} />
      <circle cx="160" cy="236" r="29" fill={goldDark} />
      <circle cx="160" cy="236" r="14" fill={gold} />
      <g fill={steel}>
        <circle cx="160" cy="227" r="2.5" />
        <circle cx="169" cy="236" r="2.5" />
        <circle cx="160" cy="245" r="2.5" />
        <circle cx="151" cy="236" r="2.5" />
      </g>

      {/* front wheel */}
      <circle cx="392" cy="262" r="38" fill={tyre} />
      <circle cx="392" cy="262" r="35" fill="none" stroke="#2a302c" strokeWidth="6" strokeDasharray="7 6" />
      <circle cx="392" cy="262" r="28" fill="#23282a" />
      <circle cx="392" cy="262" r="21" fill={gold} />
      <circle cx="392" cy="262" r="15" fill={goldDark} />
      <circle cx="392" cy="262" r="7" fill={gold} />
    </svg>
  );
}
