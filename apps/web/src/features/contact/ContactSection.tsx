import { Stack, Text, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, startTransition, useCallback, useId, useState } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import classes from './ContactSection.module.css';

const ContactForm = lazy(() => import('./ContactForm').then((m) => ({ default: m.ContactForm })));

/** How far below the screen the section may be when the form's code starts loading. */
const LOAD_AHEAD = '800px 0px';

/** No IntersectionObserver (jsdom): load at once. Never in a pre-render, which has no screen. */
const loadAtOnce = () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined';

/**
 * The contact section for the home page (docs/product.md#contact): its heading and a line at once
 * (pre-rendered), the form loaded as its place nears the screen, so the first page's JavaScript
 * and CSS stay without the inputs (e2e/src/bundle-budget.e2e.test.ts). A placeholder of the form's
 * height holds its place meanwhile, so nothing below moves.
 */
export function ContactSection({ title = 'Send a message', intro }: { title?: string; intro?: ReactNode }) {
  const headingId = useId();
  const [near, setNear] = useState(loadAtOnce);
  const watch = useCallback((element: HTMLDivElement | null) => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const placeholder = <div className={classes.placeholder} aria-busy="true" />;

  return (
    <Stack component="section" gap="sm" aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId}>
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {intro ?? 'Your message goes to the site’s owner, who answers by e-mail.'}
      </Text>
      <ErrorBoundary title="The contact form could not be loaded">
        {near ? (
          <Suspense fallback={placeholder}>
            <ContactForm />
          </Suspense>
        ) : (
          <div ref={watch}>{placeholder}</div>
        )}
      </ErrorBoundary>
    </Stack>
  );
}
