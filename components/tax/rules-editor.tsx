"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import Plus from "lucide-react/icons/plus";
import Trash2 from "lucide-react/icons/trash-2";
import X from "lucide-react/icons/x";
import { useEffect, useRef, useState } from "react";
import { Controller, type FieldPath, useFieldArray, useForm, useWatch } from "react-hook-form";
import { deleteTaxRuleAction, saveTaxRulesAction } from "@/lib/actions/tax";
import { placeName } from "@/lib/places";
import { fetchJson } from "@/lib/query/fetch-json";
import { queryKeys } from "@/lib/query-keys";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import {
  draftFromRules,
  newRuleDraft,
  type RuleDraft,
  type RulesDraft,
  rulesWrite,
  sameRules,
} from "@/lib/store/tax/edit";
import { rulesDraftInput } from "@/lib/store/tax/input";
import { rateWords, type TaxGroup } from "@/lib/store/tax/model";
import { CountrySelect, RegionInput } from "../places/place-inputs";
import { Button } from "../ui/button";
import { ConfirmDialog } from "../ui/dialog";
import { FieldError } from "../ui/field";
import { Input } from "../ui/input";
import { FormAlert } from "../ui/notice";
import { FormErrors } from "../ui/form-errors";
import { toast } from "../ui/toast";
import { writeFailureMessage } from "@/lib/write-failure";

/*
 * A tax group's rules as a table (a card per rule on phones): country, region
 * (a US state, a camel-cased name elsewhere, or the whole country), rate in
 * percent, and whether shipping is taxed. Saved as the whole set at once (the
 * replace-all POST /tax_groups/{id}/rules). A rule the store holds is deleted
 * on its own, at once, after a confirmation (DELETE …/rules/{id}); a row not
 * saved yet is simply removed.
 */

const th = "px-3 py-2 text-start text-xs font-semibold text-fg-muted";

function cellLabel(text: string, htmlFor: string) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block text-xs font-medium text-fg-muted md:sr-only">
      {text}
    </label>
  );
}

export function RulesEditor({ groupId, groupName }: { groupId: string; groupName: string }) {
  const queryClient = useQueryClient();
  const key = queryKeys.tax.one(groupId);
  const group = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchJson<TaxGroup>(`/api/tax-groups/${encodeURIComponent(groupId)}`, { signal }),
  });
  // The rules as the store holds them (last read or saved): what "unsaved" compares with.
  const [baseline, setBaseline] = useState<RulesDraft>(() => draftFromRules(group.data?.rules ?? []));
  const [formError, setFormError] = useState<string | null>(null);
  const [toDelete, setToDelete] = useState<{ index: number; rule: RuleDraft } | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<string | null>(null);
  const deleteTrigger = useRef<HTMLElement | null>(null);

  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    getValues,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<RulesDraft>({ resolver: zodResolver(rulesDraftInput), defaultValues: baseline });
  const { fields, append, remove } = useFieldArray({ control, name: "rules", keyName: "_key" });
  const rules = useWatch({ control, name: "rules" }) as RuleDraft[];
  const dirty = !sameRules(baseline, { rules: rules ?? [] });

  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    focusNext.current = null;
    document.getElementById(id)?.focus();
  });

  /** After a write whose outcome is unknown: show what the store holds now (docs/contract.md#errors). */
  async function showStored() {
    await queryClient.invalidateQueries({ queryKey: queryKeys.tax.all });
    const fresh = queryClient.getQueryData<TaxGroup>(key);
    if (!fresh) return;
    const next = draftFromRules(fresh.rules);
    setBaseline(next);
    reset(next);
  }

  const knownIds = baseline.rules.map((r) => r.id).filter(Boolean);
  const ruleName = (rule: Pick<RuleDraft, "country" | "region">) =>
    rule.country ? placeName(rule.country, rule.region.trim() || null) : "a new rule";

  const onSubmit = handleSubmit(async (draft) => {
    setFormError(null);
    let write;
    try {
      write = rulesWrite(draft);
    } catch {
      setFormError("Some values need another look.");
      return;
    }
    const result = await saveTaxRulesAction({ groupId, knownIds, rules: write });
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      const placed = Object.entries(result.fieldErrors ?? {}).filter(([path]) => /^rules\.\d+\.\w+$/.test(path));
      if (placed.length) {
        placed.forEach(([path, message], i) =>
          setError(path as FieldPath<RulesDraft>, { type: "server", message }, { shouldFocus: i === 0 }),
        );
        return;
      }
      const message = writeFailureMessage(result, {
        failed: `save the rules of ${groupName}`,
        happened: `the change to the rules of ${groupName}`,
      });
      if (message.reread) await showStored();
      setFormError(message.text);
      return;
    }
    const fresh = draftFromRules(result.data.rules);
    queryClient.setQueryData(key, result.data);
    setBaseline(fresh);
    reset(fresh);
    await queryClient.invalidateQueries({ queryKey: queryKeys.tax.list() });
    toast.success(`Saved the rules of ${groupName}.`, { id: `tax-rules-saved-${groupId}` });
  });

  async function deleteRule(index: number, rule: RuleDraft) {
    setFormError(null);
    setDeletingId(rule.id);
    const result = await deleteTaxRuleAction({ groupId, ruleId: rule.id });
    setDeletingId(null);
    const name = ruleName(baseline.rules.find((r) => r.id === rule.id) ?? rule);
    if (!result.ok) {
      if (signInAgainIfNeeded(result)) return;
      const message = writeFailureMessage(result, {
        failed: `delete the rule for ${name}`,
        happened: `the deletion of the rule for ${name}`,
      });
      if (message.reread) await showStored();
      setFormError(message.text);
      return;
    }
    // The row goes; the other rows keep what was typed in them.
    const at = getValues("rules").findIndex((r) => r.id === rule.id);
    remove(at >= 0 ? at : index);
    setBaseline((before) => ({ rules: before.rules.filter((r) => r.id !== rule.id) }));
    queryClient.setQueryData<TaxGroup>(key, (before) =>
      before ? { ...before, rules: before.rules.filter((r) => r.id !== rule.id) } : before,
    );
    await queryClient.invalidateQueries({ queryKey: queryKeys.tax.list() });
    toast.success(`Deleted the rule for ${name}.`);
  }

  const rowErrors = errors.rules;

  return (
    <form method="post" onSubmit={onSubmit} noValidate aria-label={`Rules of ${groupName}`}>
      <FormAlert message={formError} />
      {fields.length ? (
        <div className="md:rounded-lg md:border md:border-border">
          <table aria-label={`Rules of ${groupName}`} className="w-full text-sm max-md:block">
            <thead className="bg-surface-muted max-md:sr-only">
              <tr>
                <th scope="col" className={th}>
                  Country
                </th>
                <th scope="col" className={th}>
                  Region
                </th>
                <th scope="col" className={th}>
                  Rate (%)
                </th>
                <th scope="col" className={th}>
                  Shipping
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Delete</span>
                </th>
              </tr>
            </thead>
            <tbody className="max-md:block max-md:space-y-3 md:divide-y md:divide-border">
              {fields.map((field, index) => {
                const row = rules?.[index] ?? field;
                const base = `rule-${field.key}`;
                const e = rowErrors?.[index];
                const n = index + 1;
                const saved = Boolean(field.id);
                return (
                  <tr
                    key={field._key}
                    aria-busy={deletingId !== null && deletingId === field.id ? true : undefined}
                    className="align-top max-md:grid max-md:grid-cols-2 max-md:gap-3 max-md:rounded-lg max-md:border max-md:border-border max-md:p-3"
                  >
                    <td className="px-3 py-2 max-md:col-span-2 max-md:p-0 md:w-64">
                      {cellLabel(`Country, rule ${n}`, `${base}-country`)}
                      <Controller
                        control={control}
                        name={`rules.${index}.country`}
                        render={({ field: f }) => (
                          <CountrySelect
                            id={`${base}-country`}
                            ref={f.ref}
                            value={f.value}
                            aria-invalid={e?.country ? true : undefined}
                            aria-describedby={e?.country ? `${base}-country-error` : undefined}
                            onChange={(country) => {
                              f.onChange(country);
                              // A region belongs to its country: a new country starts whole.
                              if (getValues(`rules.${index}.region`)) setValue(`rules.${index}.region`, "");
                            }}
                          />
                        )}
                      />
                      <FieldError id={`${base}-country-error`} error={e?.country?.message} />
                    </td>
                    <td className="px-3 py-2 max-md:col-span-2 max-md:p-0">
                      {cellLabel(row.country === "US" ? `State, rule ${n}` : `Region, rule ${n}`, `${base}-region`)}
                      <Controller
                        control={control}
                        name={`rules.${index}.region`}
                        render={({ field: f }) => (
                          <RegionInput
                            id={`${base}-region`}
                            ref={f.ref}
                            country={row.country}
                            value={f.value}
                            disabled={!row.country}
                            aria-invalid={e?.region ? true : undefined}
                            aria-describedby={e?.region ? `${base}-region-error` : undefined}
                            onChange={f.onChange}
                          />
                        )}
                      />
                      <FieldError id={`${base}-region-error`} error={e?.region?.message} />
                    </td>
                    <td className="px-3 py-2 max-md:p-0 md:w-32">
                      {cellLabel(`Rate (%), rule ${n}`, `${base}-rate`)}
                      <Input
                        id={`${base}-rate`}
                        inputMode="decimal"
                        autoComplete="off"
                        aria-invalid={e?.rate ? true : undefined}
                        aria-describedby={e?.rate ? `${base}-rate-error` : undefined}
                        {...register(`rules.${index}.rate`)}
                      />
                      <FieldError id={`${base}-rate-error`} error={e?.rate?.message} />
                    </td>
                    <td className="px-3 py-2 max-md:p-0">
                      <label className="flex min-h-control items-center gap-2 text-sm whitespace-nowrap text-fg max-md:mt-5">
                        <input
                          type="checkbox"
                          className="size-4 accent-primary"
                          // The row's number is part of the name; eyes have the row.
                          aria-label={`Taxes shipping, rule ${n}`}
                          aria-describedby={e?.onShipping ? `${base}-shipping-error` : undefined}
                          {...register(`rules.${index}.onShipping`)}
                        />
                        <span aria-hidden="true">Taxes shipping</span>
                      </label>
                      <FieldError id={`${base}-shipping-error`} error={e?.onShipping?.message} />
                    </td>
                    <td className="px-3 py-2 max-md:col-span-2 max-md:p-0 max-md:text-end">
                      {saved ? (
                        <Button
                          id={`${base}-delete`}
                          variant="ghost"
                          size="icon"
                          aria-haspopup="dialog"
                          aria-label={`Delete the rule for ${ruleName(baseline.rules.find((r) => r.id === field.id) ?? row)}`}
                          pending={deletingId === field.id}
                          onClick={(event) => {
                            deleteTrigger.current = event.currentTarget;
                            setToDelete({ index, rule: { ...row, id: field.id } });
                          }}
                        >
                          <Trash2 aria-hidden="true" />
                        </Button>
                      ) : (
                        <Button
                          id={`${base}-remove`}
                          variant="ghost"
                          size="icon"
                          aria-label={`Remove new rule ${n}`}
                          onClick={() => {
                            const next = fields[index + 1] ?? fields[index - 1];
                            focusNext.current = next ? `rule-${next.key}-country` : "rules-add";
                            remove(index);
                          }}
                        >
                          <X aria-hidden="true" />
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="text-sm text-fg-muted">No rules yet: the products of this group are not taxed anywhere.</p>
      )}

      <Button
        ref={addButton}
        id="rules-add"
        variant="secondary"
        size="sm"
        className="mt-3"
        onClick={() => {
          // A new rule is most often for the country of the one before.
          const rule = newRuleDraft(getValues("rules").at(-1)?.country ?? "US");
          focusNext.current = `rule-${rule.key}-region`;
          append(rule);
        }}
      >
        <Plus aria-hidden="true" />
        Add rule
      </Button>

      <div className="mt-6 flex flex-col gap-3 border-t border-border pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted" role="status" id="rules-save-status">
          {dirty ? "Unsaved changes: save to change the rules in the store." : "No unsaved changes."}
        </p>
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          {dirty ? (
            <Button
              variant="secondary"
              disabled={isSubmitting}
              onClick={() => {
                setFormError(null);
                reset(baseline);
              }}
            >
              Discard changes
            </Button>
          ) : null}
          <Button type="submit" pending={isSubmitting} pendingLabel="Saving…">
            Save rules
          </Button>
          <FormErrors errors={errors} submitCount={submitCount} className="sm:order-first sm:self-center" />
        </div>
      </div>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        title={`Delete the rule for ${toDelete ? ruleName(baseline.rules.find((r) => r.id === toDelete.rule.id) ?? toDelete.rule) : "this place"}?`}
        description={
          toDelete
            ? `The store deletes it now (${rateWords(Number(baseline.rules.find((r) => r.id === toDelete.rule.id)?.rate ?? 0))}): products of ${groupName} are then taxed there by the country's rule, if there is one, or not at all. Your other changes stay unsaved.`
            : ""
        }
        confirmLabel="Delete rule"
        onConfirm={() => {
          if (toDelete) void deleteRule(toDelete.index, toDelete.rule);
          setToDelete(null);
        }}
        returnFocusTo={() => deleteTrigger.current}
        focusAfterConfirm={() => addButton.current}
      />
    </form>
  );
}
