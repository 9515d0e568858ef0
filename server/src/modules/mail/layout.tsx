// tsx applies the root tsconfig (jsx: react-jsx) only to the files that tsconfig includes, and server/ is not
// one of them; without this pragma esbuild compiles JSX to React.createElement and fails at run time.
/** @jsxRuntime automatic */
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Column } from '@react-email/column';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { renderToStaticMarkup } from 'react-dom/server';
import type { LayoutInput, MailEnv } from './templates.js';

const green = '#14532d';
const gold = '#f5b82e';
const muted = '#4b5563';

/**
 * The company e-mail layout (decision 0008): logo and name on the brand green, the body, one button, the footer.
 * Every value is plain text and React escapes it once; no caller passes HTML (see `LayoutInput`), so there is
 * no `dangerouslySetInnerHTML` here. Styles stay inline because mail clients drop <style> blocks.
 */
export function MailLayout({ input, env }: { input: LayoutInput; env: MailEnv }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{input.title}</title>
      </Head>
      <Body
        style={{
          margin: 0,
          background: '#f6f7f5',
          fontFamily: '-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif',
          color: '#111827',
          padding: '16px',
        }}
      >
        <Container
          style={{
            maxWidth: '560px',
            background: '#ffffff',
            borderRadius: '8px',
            overflow: 'hidden',
            border: '1px solid #d9ddd6',
            borderCollapse: 'separate',
          }}
        >
          <Section style={{ background: green, padding: '16px 24px' }}>
            <Link
              href={env.publicUrl}
              style={{ color: '#ffffff', textDecoration: 'none', fontSize: '22px', fontWeight: 800 }}
            >
              <span style={{ color: gold }}>■</span> {env.brand.name}
            </Link>
          </Section>
          <Section style={{ padding: '24px' }}>
            <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: 1.3 }}>
              {input.title}
            </Heading>
            {input.paragraphs.map((p, i) => (
              <Text key={i} style={{ margin: '0 0 12px', fontSize: '16px', lineHeight: 1.5 }}>
                {p}
              </Text>
            ))}
            {input.facts?.length ? (
              <Section style={{ margin: '16px 0' }}>
                {input.facts.map(([k, v], i) => (
                  <Row key={i}>
                    <Column style={{ padding: '6px 0', color: muted, fontSize: '14px' }}>{k}</Column>
                    <Column
                      style={{ padding: '6px 0', textAlign: 'right', fontWeight: 600, fontSize: '14px' }}
                    >
                      {v}
                    </Column>
                  </Row>
                ))}
              </Section>
            ) : null}
            {input.cta ? (
              <Section style={{ margin: '24px 0' }}>
                <Button
                  href={input.cta.url}
                  style={{
                    background: green,
                    color: '#ffffff',
                    textDecoration: 'none',
                    fontWeight: 700,
                    padding: '12px 20px',
                    borderRadius: '6px',
                  }}
                >
                  {input.cta.label}
                </Button>
              </Section>
            ) : null}
          </Section>
          <Section style={{ padding: '16px 24px', background: '#eef0ec' }}>
            <Text style={{ margin: 0, fontSize: '12px', lineHeight: 1.5, color: muted }}>
              {env.brand.name} · {env.brand.officeAddress} · {env.brand.supportEmail}
            </Text>
            {input.unsubscribeUrl ? (
              <Text style={{ margin: '8px 0 0', fontSize: '12px', lineHeight: 1.5 }}>
                <Link href={input.unsubscribeUrl} style={{ color: muted, textDecoration: 'underline' }}>
                  Unsubscribe from these e-mails
                </Link>
              </Text>
            ) : null}
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** Synchronous render (react-dom/server), so `layout()` keeps its signature. */
export function renderLayoutHtml(input: LayoutInput, env: MailEnv): string {
  return `<!doctype html>${renderToStaticMarkup(<MailLayout input={input} env={env} />)}`;
}
