"""Simulation front ends: many complete games by bots (process pool and Ray), `make run`'s job, the dispute runner, test harness."""
