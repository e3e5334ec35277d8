"""The pit boss's floor as a product (issue 24): page sessions, money, pit notes, shift reports."""
