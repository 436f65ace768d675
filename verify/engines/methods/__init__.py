"""Exact step maps, one module per family.  ``METHODS`` maps a claim's ``method`` to its step map."""
from verify.engines.methods.base import ExactSystem, Method, MethodError, Recorder, RunResult, SymbolicSystem, run
from verify.engines.methods.cosimulation import CoSimulation
from verify.engines.methods.runge_kutta import ALIASES, TABLEAUS, RungeKutta
from verify.engines.methods.implicit import BackwardEuler, RosenbrockEuler
from verify.engines.methods.multirate import FrozenSlowEuler, MidpointSampledEuler
from verify.engines.methods.multistep import MULTISTEP, PREDICTOR_CORRECTOR, LinearMultistep, predictor_corrector
from verify.engines.methods.step_doubling import AdaptiveEuler, AdaptiveRungeKutta, BurdenFairesRKF, StepDoublingEuler
from verify.engines.methods.taylor import METHODS as TAYLOR

METHODS: dict[str, Method] = {name: RungeKutta(name, tableau) for name, tableau in TABLEAUS.items()}
METHODS.update({alias: RungeKutta(alias, TABLEAUS[name]) for alias, name in ALIASES.items()})
METHODS["rk"] = RungeKutta("rk")
METHODS["frozen-slow-euler"] = FrozenSlowEuler()
METHODS["midpoint-sampled-euler"] = MidpointSampledEuler()
METHODS["step-doubling-euler"] = StepDoublingEuler()
METHODS["adaptive-euler"] = AdaptiveEuler()
METHODS["adaptive-rk"] = AdaptiveRungeKutta()
METHODS["rkf-burden-faires"] = BurdenFairesRKF()
METHODS["backward-euler"] = BackwardEuler()
METHODS["rosenbrock-euler"] = RosenbrockEuler()
METHODS["cosimulation"] = CoSimulation()
METHODS.update({name: LinearMultistep(name, coefficients) for name, coefficients in MULTISTEP.items()})
METHODS.update({name: predictor_corrector(name) for name in PREDICTOR_CORRECTOR})
METHODS["lmm"] = LinearMultistep("lmm")
METHODS.update(TAYLOR)

__all__ = ["METHODS", "SymbolicSystem", "ExactSystem", "Method", "MethodError", "Recorder", "RunResult", "run", "TABLEAUS", "MULTISTEP"]
