import { Alert, Button, Group, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { CONTACT_EMAIL_MAX, CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX } from '@site/contract/contact-limits';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { FormAlert } from '../../components/FormAlert';
import { isApiError } from '../../lib/api-client';
import { contactApi, contactQueries, useContactForm } from './api/contact-api';
import classes from './ContactForm.module.css';

type Field = 'name' | 'email' | 'message';
type Values = Record<Field, string>;
const EMPTY: Values = { name: '', email: '', message: '' };

// Characters as the server counts them (code points), so an emoji is one.
const length = (text: string) => [...text].length;

/** The form's own checks (the server's are the same and final, docs/api.md#contact). */
export function contactProblems(values: Values): Partial<Record<Field, string>> {
  const problems: Partial<Record<Field, string>> = {};
  const check = (field: Field, label: string, max: number) => {
    const text = values[field].trim();
    if (!text) problems[field] = `${label} is required`;
    else if (length(text) > max) problems[field] = `${label} must be at most ${max} characters`;
  };
  check('name', 'Name', CONTACT_NAME_MAX);
  check('email', 'Email', CONTACT_EMAIL_MAX);
  check('message', 'Message', CONTACT_MESSAGE_MAX);
  if (!problems.email && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(values.email.trim())) {
    problems.email = 'Enter a valid email address';
  }
  return problems;
}

/**
 * The contact form (docs/product.md#contact): name, e-mail and message to the site's owner. Its
 * token, asked for as the visitor starts, lets the server tell a person (who takes a few seconds)
 * from a script; the `website` field is a honeypot no person sees or hears. Loaded by
 * ContactSection when its place nears the screen: its inputs are not the first page's.
 */
export function ContactForm() {
  const queryClient = useQueryClient();
  // The token is asked for when the visitor first steps into the form: the fill time counts from
  // when they start writing, and a visitor who only reads costs no request.
  const [started, setStarted] = useState(false);
  const form = useContactForm(started);
  const [values, setValues] = useState<Values>(EMPTY);
  const [honeypot, setHoneypot] = useState('');
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [sent, setSent] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: async () => {
      // The token is usually here already; a very quick visitor waits for it (and the server
      // decides whether that was too quick).
      const { token } = await queryClient.fetchQuery(contactQueries.form());
      return contactApi.send({ ...values, website: honeypot, form_token: token });
    },
    onSuccess: (answer) => {
      setSent(answer.message ?? 'Thank you, your message has been sent.');
      setValues(EMPTY);
      void queryClient.invalidateQueries({ queryKey: contactQueries.form().queryKey });
    },
    onError: (error) => {
      if (isApiError(error) && error.fields) setProblems(error.fields);
      // An expired or forged token: the next Send gets a new one.
      if (isApiError(error, 400) && !error.fields) {
        void queryClient.invalidateQueries({ queryKey: contactQueries.form().queryKey });
      }
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = contactProblems(values);
    setProblems(found);
    if (Object.keys(found).length === 0) send.mutate();
  };
  const field = (name: Field) => ({
    value: values[name],
    error: problems[name],
    onChange: (event: { currentTarget: { value: string } }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [name]: value }));
      if (problems[name]) setProblems((current) => ({ ...current, [name]: undefined }));
    },
  });

  return sent ? (
    <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} role="status" title="Message sent">
      <Text size="sm">{sent}</Text>
      <Button size="xs" variant="default" mt="sm" onClick={() => setSent(null)}>
        Write another message
      </Button>
    </Alert>
  ) : (
    <form onSubmit={onSubmit} onFocus={() => setStarted(true)} noValidate>
      <Stack gap="sm" maw={640}>
        <FormAlert>
          {send.isError && !(isApiError(send.error) && send.error.fields) ? send.error.message : null}
        </FormAlert>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Name"
            name="name"
            autoComplete="name"
            required
            maxLength={CONTACT_NAME_MAX}
            {...field('name')}
          />
          <TextInput
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={CONTACT_EMAIL_MAX}
            {...field('email')}
          />
        </SimpleGrid>
        <Textarea
          label="Message"
          name="message"
          required
          autosize
          minRows={5}
          maxRows={14}
          maxLength={CONTACT_MESSAGE_MAX}
          description={`${length(values.message)} / ${CONTACT_MESSAGE_MAX.toLocaleString('en')} characters`}
          {...field('message')}
        />
        {/* The honeypot: off-screen, out of the tab order and hidden from screen readers, so only
                a script fills it (the server then stores nothing). */}
        <div className={classes.honeypot} aria-hidden="true">
          <label>
            Website
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(event) => setHoneypot(event.currentTarget.value)}
            />
          </label>
        </div>
        <Group>
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
            Send
          </Button>
          {form.isError && (
            <Text size="sm" c="dimmed">
              The form could not reach the server; Send tries again.
            </Text>
          )}
        </Group>
      </Stack>
    </form>
  );
}
