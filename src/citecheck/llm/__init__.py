"""Language models as helpers of the rules: parse fallback, judge, reviewer, web reader.

`Model` (base.py) is the one interface; backends: OpenAI-compatible Chat Completions
(openai_compat.py), Anthropic Messages (anthropic.py), llama-cpp-python (local.py). `--llm
PROVIDER:MODEL` is parsed by spec.py. The roles (roles.py) send citation text and metadata only as
a JSON object in the user message; what a model may change is bounded by
`citecheck.verify.llm_judge.combine`.
"""

from citecheck.llm.base import Message, Model, ModelError, Usage
from citecheck.llm.spec import ModelSpec, ModelSpecError, make_model, parse_spec

__all__ = ["Message", "Model", "ModelError", "ModelSpec", "ModelSpecError", "Usage", "make_model",
           "parse_spec"]
