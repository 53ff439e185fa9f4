"""Build a run's :class:`ComparisonRuntime`, complete, before the graph runs: the plan,
each side's index and tools, the budget and the agent policy.

Deterministic, so that a run resumed from a checkpoint rebuilds exactly what it had;
only the tokens already spent come from the checkpoint.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..agent import (
    AgentPolicy,
    OfflinePolicy,
    PolicyParams,
    RunBudget,
    TraceWriter,
    group_text,
    record_tool_call,
)
from ..align import (
    AlignmentParams,
    Calibration,
    Constraints,
    PlannedGroup,
    align_sections,
    load_calibration,
    plan_alignment,
)
from ..changes import own_numbers
from ..document import Document, is_heading_only, per_text
from ..embeddings import Embedder, embedder_for
from ..index import DocumentIndex
from ..review import AppliedDecisions, ReviewContext
from ..settings import CompareOptions, user_dir
from ..system import give_back
from ..text import match_key, without_label
from ..tokenizers import Tokenizer, get_tokenizer
from ..tools import DocumentStore, StoreSet, ToolRegistry, build_registry
from .runtime import ComparisonRuntime, PlanView, ProgressCallback
from .window import AgentWindow

__all__ = ["PolicyInputs", "PolicyFactory", "RuntimeInputs", "build_runtime", "default_policy"]


@dataclass(frozen=True, eq=False)
class PolicyInputs:
    """What a policy is built from (``compare(policy_factory=f)`` calls ``f(inputs)``)."""

    document_a: Document
    document_b: Document
    options: CompareOptions
    stores: StoreSet
    registry: ToolRegistry
    budget: RunBudget
    lock: threading.RLock
    calibration: Calibration
    chat_model: Any = None  # a LangChain chat model: the LLM drives the agent
    model_name: str | None = None
    trace: TraceWriter | None = None
    constraints: Constraints = Constraints()  # a reviewer's decisions: fixed groups, forbidden pairs


PolicyFactory = Callable[[PolicyInputs], AgentPolicy]


def default_policy(p: PolicyInputs) -> AgentPolicy:
    """The offline policy; with a chat model, the LLM policy (falling back to the offline one,
    which also gives its second opinion on every LLM decision: hikaku.review)."""
    o = p.options
    offline = OfflinePolicy(
        p.registry, p.document_a, p.document_b, p.stores.b.index, p.calibration.candidate,
        PolicyParams(vector_threshold=o.vector_threshold, vector_max_results=o.vector_max_results),
        lang=o.lang, constraints=p.constraints,
    )
    if p.chat_model is None:
        return offline
    from ..agent import LLMPolicy, SecondOpinion

    llm = LLMPolicy(p.chat_model, p.registry, document_a=p.document_a, document_b=p.document_b, fallback=offline,
                    options=o, budget=p.budget, lock=p.lock, certain=p.calibration.certain.value, trace=p.trace,
                    model_name=p.model_name or "", constraints=p.constraints)
    return SecondOpinion(llm, offline.with_registry(build_registry(  # its tool calls are not the run's
        p.stores, o.enabled_tools, regex_timeout_s=o.regex_timeout_s, lock=p.lock)), p.lock)


def _examined_by_agent(group: PlannedGroup, scope: str) -> bool:
    """Groups the plan did not settle always; with an LLM, ``llm_scope`` adds the changed pairs
    the plan settled (``changed``: certain or settled by the order) or every group (``all``);
    never a reviewer's group."""
    if group.by_reviewer:
        return False
    if not group.settled:
        return True
    return scope == "all" or (scope == "changed" and not group.kind.startswith("identical"))


@dataclass(frozen=True)
class RuntimeInputs:
    """What a run's runtime is built from besides the documents and the options: components that
    replace the configured ones (*embedder*, *tokenizer*, *policy_factory*, *chat_model* named
    *model_name*), the environment of the keys (*env*), the checkpoint's *fingerprint* and
    *run_id*, what a resumed run had already spent (*spent_tokens*), *progress*, the *trace*, a
    reviewer's *decisions* (matched to the documents: ``hikaku.review.apply_decisions``),
    whether a front answers the agent's questions (*ask*) and whether the state keeps the agent's
    *thoughts* (``agent_thoughts``)."""

    embedder: Embedder | None = None
    tokenizer: Tokenizer | None = None
    env: Mapping[str, str] | None = None
    policy_factory: PolicyFactory | None = None
    chat_model: Any = None
    model_name: str | None = None
    spent_tokens: int = 0
    fingerprint: str = ""
    run_id: str | None = None
    offline_batch: int = 16
    thoughts: bool = True
    progress: ProgressCallback | None = None
    trace: TraceWriter | None = None
    decisions: AppliedDecisions | None = None
    ask: bool = False


def build_runtime(document_a: Document, document_b: Document, options: CompareOptions,
                  inputs: RuntimeInputs | None = None) -> ComparisonRuntime:
    """Plan the alignment, index each side (only the chunks the agent may look for:
    settled chunks are nobody's candidate and are never embedded), build the tools and
    the policy (see :class:`RuntimeInputs`)."""
    given = inputs or RuntimeInputs()
    embedder, tokenizer, chat_model, model_name = given.embedder, given.tokenizer, given.chat_model, given.model_name
    progress, trace = given.progress, given.trace
    started = time.perf_counter()
    if progress is not None:
        progress("plan", 0, 1)
    o = options
    a, b = document_a, document_b
    keys_a, keys_b = per_text(match_key, a, b)  # once per distinct text: B's twins of A's chunks are most of B
    free_a = [without_label(k, c.structure.structural_label) for k, c in zip(keys_a, a.chunks)]
    free_b = [without_label(k, c.structure.structural_label) for k, c in zip(keys_b, b.chunks)]
    calibration = load_calibration(o.calibration)
    params = AlignmentParams(calibration=calibration, allow_merges=o.allow_merges)
    applied = given.decisions or AppliedDecisions()
    constraints = applied.constraints
    sections = align_sections(a, b, params.dp)
    numbers = own_numbers(a, b)  # read once: the plan's anchors and the rows' renumbering
    plan, sim = plan_alignment(keys_a, keys_b, keys_a, keys_b, params, normalized=True,
                               number_free_keys=(free_a, free_b), sections=sections, constraints=constraints,
                               labels=([c.structure.structural_label for c in a.chunks],
                                       [c.structure.structural_label for c in b.chunks]),
                               numbers=numbers, headings=([is_heading_only(c.structure) for c in a.chunks],
                                                          [is_heading_only(c.structure) for c in b.chunks]))
    give_back()  # the plan's scratch: the agent phase grows in it, not above it
    scope = o.llm_scope if chat_model is not None else "uncertain"
    agent_groups = tuple(k for k, g in enumerate(plan.groups) if _examined_by_agent(g, scope))
    examined = set(agent_groups)
    # (a pair settled by the order is so only between its neighbours' pairs: its chunks stay searchable)
    settled_a = {i for k, g in enumerate(plan.groups) if k not in examined and not g.in_order for i in g.a}
    settled_b = {j for k, g in enumerate(plan.groups) if k not in examined and not g.in_order
                 for j in g.b} | constraints.added_b
    summarizer = None
    if chat_model is not None and o.llm_summaries:
        from ..agent import LLMSummarizer

        summarizer = LLMSummarizer(chat_model, model_name=model_name or "", lang=o.lang,
                                   cache_path=user_dir() / "cache" / "summaries.sqlite")
    index_settings = o.index_settings()
    owns_embedder = embedder is None
    embedder = embedder or embedder_for(index_settings, given.env)
    owns_tokenizer = tokenizer is None
    tokenizer = tokenizer or get_tokenizer(index_settings.tokenizer)

    def store(doc: Document, side: str, settled: set[int], keys: list[str]) -> DocumentStore:
        index = DocumentIndex(index_settings, embedder=embedder, tokenizer=tokenizer)
        searchable = [c.id for i, c in enumerate(doc.chunks) if i not in settled]
        return DocumentStore(doc, side, index, searchable=searchable, summarizer=summarizer, keys=keys)

    stores = StoreSet(store(a, "A", settled_a, keys_a), store(b, "B", settled_b, keys_b))
    lock = threading.RLock()
    registry = build_registry(stores, o.enabled_tools, regex_timeout_s=o.regex_timeout_s,
                              listener=record_tool_call, lock=lock)
    budget = RunBudget(o.max_tokens_total, used=given.spent_tokens, max_failures=o.llm_max_failures)
    policy_inputs = PolicyInputs(a, b, o, stores, registry, budget, lock, calibration, chat_model=chat_model,
                                 model_name=model_name, trace=trace, constraints=constraints)
    policy = (given.policy_factory or default_policy)(policy_inputs)
    # the agent will look for the uncertain chunks' counterparts: embed them together
    stores.b.index.prefetch_queries(
        [group_text(a, [a.chunks[i].id for i in g.a]) for g in plan.groups if not g.settled]
    )
    rt = ComparisonRuntime(
        document_a=a, document_b=b, options=o, plan=plan, similarity=sim, stores=stores, registry=registry,
        policy=policy, view=PlanView(a, b, plan, sim, sections, agent_decisions=policy.concurrency is None),
        agent_groups=agent_groups, budget=budget, lock=lock,
        embedding_model=getattr(embedder, "name", None), model_name=model_name, chat_model=chat_model,
        fingerprint=given.fingerprint,
        run_id=given.run_id, offline_batch=given.offline_batch, thoughts=given.thoughts, progress=progress, trace=trace,
        started=started,
        window=AgentWindow(policy.concurrency) if policy.concurrency is not None else None,
        review=ReviewContext(applied, ask=given.ask, certain=calibration.certain.value), owns_embedder=owns_embedder,
        owns_tokenizer=owns_tokenizer, numbers=numbers, calibration=calibration,
    )
    rt.timed("plan", started)
    if progress is not None:
        progress("plan", 1, 1)
    return rt
