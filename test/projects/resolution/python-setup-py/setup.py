# A comment naming install_requires=["mcp"] is not a requirement.
from setuptools import find_packages, setup

REQUIRES = [
    "arcade_tdk>=2.0",
    "requests",
]

setup(
    name="tool-kit",
    description='install_requires=["fastmcp"] in a description is not one either',
    packages=find_packages(),
    install_requires=REQUIRES,
)
