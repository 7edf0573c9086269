"""Answers from retrieved data, written under each intent's guideline."""
