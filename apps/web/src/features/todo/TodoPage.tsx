import { Button, Group, Stack, Title } from '@mantine/core';
import type { Todo } from '@site/contract';
import { IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { OfflineNotice } from '../../components/OfflineNotice';
import { PageLoader } from '../../components/PageLoader';
import { useDeferredQuery } from '../../hooks/use-deferred-query';
import { useOnline } from '../../hooks/use-online';
import { RequireSignIn } from '../auth';
import { useCompleteTodo, useCreateTodo, useDeleteTodo, useTodos, useUpdateTodo } from './api/use-todos';
import { TodoFormModal, type TodoFormValues } from './components/TodoFormModal';
import { TodoList } from './components/TodoList';

/** Which form modal is open: adding, editing one item, or none. */
type FormState = { mode: 'add' } | { mode: 'edit'; todo: Todo } | null;

/** docs/product.md#to-do page: 'Todo List' with an Add Item modal, then 'Completed Todos'; for signed-in users. */
export function TodoPage() {
  return (
    <RequireSignIn title="Todo List" reason="Your to-do items are saved to your account.">
      <TodoLists />
    </RequireSignIn>
  );
}

function TodoLists() {
  const todos = useDeferredQuery(useTodos());
  const createTodo = useCreateTodo();
  const updateTodo = useUpdateTodo();
  const completeTodo = useCompleteTodo();
  const deleteTodo = useDeleteTodo();
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<Todo | null>(null);
  // docs/product.md#offline: offline, the last list read-only.
  const readOnly = !useOnline();

  const submit = (values: TodoFormValues) =>
    form?.mode === 'edit'
      ? updateTodo.mutateAsync({ todo_id: form.todo.id, ...values })
      : createTodo.mutateAsync({ title: values.title, description: values.description });

  const edit = (todo: Todo) => setForm({ mode: 'edit', todo });
  const completingId = completeTodo.isPending ? completeTodo.variables : undefined;

  // A completed item leaves the open list, and its focused button with it: the focus then goes on
  // to the next open item's Mark Complete (the one before it at the end), or the heading when none is left.
  const openSection = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterComplete = useRef<{ done: number; next: number | undefined } | null>(null);
  const complete = (todo: Todo) => {
    const open = todos.data?.todos ?? [];
    const index = open.findIndex((t) => t.id === todo.id);
    focusAfterComplete.current = { done: todo.id, next: (open[index + 1] ?? open[index - 1])?.id };
    completeTodo.mutate(todo.id, { onError: () => (focusAfterComplete.current = null) });
  };
  const openItems = todos.data?.todos;
  useEffect(() => {
    const pending = focusAfterComplete.current;
    if (!pending || !openItems || openItems.some((t) => t.id === pending.done)) return;
    focusAfterComplete.current = null;
    // Only when the focus was lost with the button, not when the person has moved on meanwhile.
    if (document.activeElement && document.activeElement !== document.body) return;
    const next = openSection.current?.querySelector<HTMLElement>(`[data-todo-id="${pending.next}"] [data-complete]`);
    (next ?? heading.current)?.focus();
  }, [openItems]);

  return (
    <Stack gap="xl">
      {/* The notice speaks of the copy shown: with nothing to show, the load error says it all. */}
      {readOnly && todos.data && <OfflineNotice />}
      <section aria-labelledby="todo-list-heading" ref={openSection}>
        <Group justify="space-between" mb="md">
          <Title order={1} id="todo-list-heading" ref={heading} tabIndex={-1}>
            Todo List
          </Title>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setForm({ mode: 'add' })} disabled={readOnly}>
            Add Item
          </Button>
        </Group>
        {todos.isPending ? (
          <PageLoader label="Loading your items…" />
        ) : !todos.data ? (
          <LoadError title="Could not load your to-do list" error={todos.error} onRetry={() => todos.refetch()} />
        ) : (
          <TodoList
            todos={todos.data.todos}
            empty="Nothing to do. Add an item to get started."
            onEdit={edit}
            onDelete={setToDelete}
            onComplete={complete}
            completingId={completingId}
            readOnly={readOnly}
          />
        )}
      </section>

      {todos.data && (
        <section aria-labelledby="completed-heading">
          <Title order={2} id="completed-heading" mb="md">
            Completed Todos
          </Title>
          <TodoList
            todos={todos.data.completed}
            empty="No completed items yet."
            onEdit={edit}
            onDelete={setToDelete}
            readOnly={readOnly}
          />
        </section>
      )}

      <TodoFormModal
        opened={form !== null && !readOnly}
        todo={form?.mode === 'edit' ? form.todo : undefined}
        onClose={() => setForm(null)}
        onSubmit={submit}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete item"
        loading={deleteTodo.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && deleteTodo.mutate(toDelete.id, { onSuccess: () => setToDelete(null) })}
      >
        Are you sure you want to delete <strong>{toDelete?.title}</strong>? This cannot be undone.
      </ConfirmDialog>
    </Stack>
  );
}
