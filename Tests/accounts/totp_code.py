#!/usr/bin/env python3
"""Prints the code an authenticator app shows for an otpauth:// URL (RFC 6238, by PyPI's pyotp: an
implementation that is not the server's), at a Unix time.

Usage: totp_code.py OTPAUTH_URL UNIX_TIME
Run by the Swift test suite (ConsoleSecondFactorTests).
"""
import sys

import pyotp

print(pyotp.parse_uri(sys.argv[1]).at(int(sys.argv[2])))
