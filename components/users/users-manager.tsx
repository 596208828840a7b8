"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useRef, useState } from "react";
import { deleteUserAction, listUsersAction, setUserActiveAction } from "@/lib/actions/users";
import type { ActionResult } from "@/lib/actions/result";
import { queryKeys } from "@/lib/query-keys";
import { permissionLabel, type User } from "@/lib/store/user-model";
import { buttonClasses } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { ActionFailedError, useActionFailure } from "../use-action-failure";

type Message = { tone: "success" | "error"; text: string };

function unwrap<T>(result: ActionResult<T>): T {
  if (!result.ok) throw new ActionFailedError(result);
  return result.data;
}

const listKey = queryKeys.users.list();

export function UsersManager({ currentUserId, notice }: { currentUserId: string | null; notice: string | null }) {
  const queryClient = useQueryClient();
  const handleFailure = useActionFailure();
  const [message, setMessage] = useState<Message | null>(notice ? { tone: "success", text: notice } : null);
  const [toDelete, setToDelete] = useState<User | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const deleteTrigger = useRef<HTMLElement | null>(null);

  const users = useQuery({
    queryKey: listKey,
    queryFn: async () => unwrap(await listUsersAction()),
  });

  /** Optimistic change to the cached list; hands back what to roll back to. */
  async function optimistic(change: (users: User[]) => User[]) {
    await queryClient.cancelQueries({ queryKey: listKey });
    const previous = queryClient.getQueryData<User[]>(listKey);
    if (previous) queryClient.setQueryData<User[]>(listKey, change(previous));
    return { previous };
  }

  function failed(error: Error, what: string, context: { previous?: User[] } | undefined) {
    if (context?.previous) queryClient.setQueryData(listKey, context.previous);
    if (error instanceof ActionFailedError && handleFailure(error.failure)) return;
    setMessage({ tone: "error", text: `Could not ${what}. ${error.message} Nothing was changed.` });
  }

  const setActive = useMutation({
    mutationFn: async ({ user, active }: { user: User; active: boolean }) =>
      unwrap(await setUserActiveAction({ id: user.id, active })),
    onMutate: ({ user, active }) => {
      setMessage(null);
      return optimistic((list) => list.map((u) => (u.id === user.id ? { ...u, active } : u)));
    },
    onError: (error, { user, active }, context) =>
      failed(error, `${active ? "reactivate" : "deactivate"} ${user.email}`, context),
    onSuccess: (user) =>
      setMessage({ tone: "success", text: `${user.email} is ${user.active ? "active again" : "deactivated"}.` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });

  const remove = useMutation({
    mutationFn: async (user: User) => unwrap(await deleteUserAction({ id: user.id })),
    onMutate: (user) => {
      setMessage(null);
      return optimistic((list) => list.filter((u) => u.id !== user.id));
    },
    onError: (error, user, context) => failed(error, `delete ${user.email}`, context),
    onSuccess: (_data, user) => setMessage({ tone: "success", text: `${user.email} was deleted.` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });

  const busyId =
    (setActive.isPending ? setActive.variables?.user.id : undefined) ??
    (remove.isPending ? remove.variables?.id : undefined);

  const list = users.data ?? [];
  const loadError = users.error instanceof Error ? users.error.message : null;

  return (
    <section aria-labelledby="users-heading">
      <h2 id="users-heading" ref={headingRef} tabIndex={-1} className="mb-3 text-sm font-medium text-gray-700">
        {users.isPending ? "Users" : `${list.length} ${list.length === 1 ? "user" : "users"}`}
      </h2>

      {/* Live regions stay mounted so that changes to them are announced. */}
      <div role="status" aria-live="polite">
        {message?.tone === "success" ? (
          <p className="mb-4 rounded-md border border-green-300 bg-green-50 px-4 py-3 text-sm text-green-900">
            {message.text}
          </p>
        ) : null}
      </div>
      <div role="alert">
        {message?.tone === "error" ? (
          <p className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
            {message.text}
          </p>
        ) : null}
        {loadError ? (
          <p className="mb-4 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900">
            Could not refresh the list. {loadError}
          </p>
        ) : null}
      </div>

      {users.isPending ? (
        <p className="text-sm text-gray-700">Loading users…</p>
      ) : list.length === 0 ? (
        <div className="rounded-lg border border-dashed border-gray-300 bg-white p-8 text-center">
          <p className="font-medium text-gray-900">No users yet</p>
          <p className="mt-1 text-sm text-gray-700">Invite the people who help you run the store.</p>
          <Link href="/users/invite" className={buttonClasses("primary", "mt-4")}>
            Invite user
          </Link>
        </div>
      ) : (
        <ul aria-label="Users" className="space-y-3" aria-busy={users.isFetching || undefined}>
          {list.map((user) => {
            const self = user.id === currentUserId;
            const busy = busyId === user.id;
            return (
              <li
                key={user.id}
                aria-labelledby={`user-${user.id}`}
                className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
              >
                <div className="flex flex-wrap items-center gap-2">
                  <p id={`user-${user.id}`} className="min-w-0 break-all font-medium text-gray-900">
                    {user.email}
                    {self ? <span className="font-normal text-gray-700"> (you)</span> : null}
                  </p>
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                      user.active ? "bg-green-100 text-green-900" : "bg-gray-200 text-gray-800"
                    }`}
                  >
                    {user.active ? "Active" : "Inactive"}
                  </span>
                </div>
                <p className="mt-2 text-sm text-gray-700">
                  <span className="font-medium text-gray-900">Permissions: </span>
                  {user.permissions.length ? user.permissions.map(permissionLabel).join(", ") : "none"}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    href={`/users/${encodeURIComponent(user.id)}`}
                    className={buttonClasses("secondary", "text-sm")}
                  >
                    Edit permissions<span className="sr-only"> of {user.email}</span>
                  </Link>
                  {self ? null : (
                    <>
                      <button
                        type="button"
                        className={buttonClasses("secondary")}
                        // aria-disabled, not disabled: a disabled button drops keyboard focus.
                        aria-disabled={busy || undefined}
                        onClick={() => {
                          if (!busy) setActive.mutate({ user, active: !user.active });
                        }}
                      >
                        {user.active ? "Deactivate" : "Reactivate"}
                        <span className="sr-only"> {user.email}</span>
                      </button>
                      <button
                        type="button"
                        className={buttonClasses("ghost", "text-red-800")}
                        aria-disabled={busy || undefined}
                        onClick={(event) => {
                          if (busy) return;
                          deleteTrigger.current = event.currentTarget;
                          setToDelete(user);
                        }}
                      >
                        Delete<span className="sr-only"> {user.email}</span>
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={`Delete ${toDelete?.email ?? "user"}?`}
        description="They will no longer be able to sign in to the store's admin. This cannot be undone."
        confirmLabel="Delete user"
        onConfirm={() => {
          if (toDelete) remove.mutate(toDelete);
          setToDelete(null);
        }}
        // The row (and its Delete button) is about to go: focus the list heading.
        focusAfterConfirm={() => headingRef.current}
        returnFocusTo={() => deleteTrigger.current}
      />
    </section>
  );
}
