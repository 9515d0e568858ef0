import { Link, useLocation } from 'react-router';
import { linkButton } from '@/components/layout/link-styles';

/** docs/product/public-site.md#not-found: "Oops! Page not found" and a link home (the server logs the bad path). */
export function Component() {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <title>Page not found | FieldLot</title>
      <svg viewBox="0 0 120 60" className="w-48" aria-hidden="true">
        <path d="M4 52 H116" stroke="#d9ddd6" strokeWidth="3" strokeLinecap="round" />
        <path d="M22 52 V36 M40 52 V30 M58 52 V38" stroke="#14532d" strokeWidth="3" strokeLinecap="round" />
        <path
          d="M22 36 l-6 -6 M22 40 l6 -6 M40 30 l-6 -6 M40 34 l6 -6 M58 38 l-6 -6 M58 42 l6 -6"
          stroke="#2f8f4e"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <rect x="76" y="14" width="30" height="26" rx="3" fill="#f5b82e" />
        <path d="M84 40 V54 M98 40 V54" stroke="#8a5d00" strokeWidth="3" />
        <text x="91" y="32" textAnchor="middle" fontSize="14" fontWeight="800" fill="#1f1a0a">
          ?
        </text>
      </svg>
      <p className="mt-6 text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-3 text-3xl font-bold text-brand-900">Oops! Page not found</h1>
      <p className="mt-3 text-gray-700">
        There is nothing at <code className="rounded bg-muted px-1.5 py-0.5 break-all">{pathname}</code>. The
        link may be old, or the address mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={linkButton.primaryLg}>
          Return to Home
        </Link>
        <Link to="/contact" className={linkButton.outline}>
          Contact Support
        </Link>
      </div>
    </div>
  );
}
